// A passkey as its owner's profile lists it (decision 226); never its key or credential id.
export interface PasskeyDto {
  passkeyID: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** Synced between the owner's devices (a "multi-device" credential that is backed up). */
  synced: boolean;
}
