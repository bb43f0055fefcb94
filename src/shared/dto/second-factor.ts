// Two-step sign-in answers (issue 28, decision 225). The secret appears in exactly one answer, the setup's.

/** A password or social login's answer for an account with a second factor: no tokens yet, a short-lived challenge. */
export interface LoginChallengeDto {
  secondFactorRequired: true;
  challenge: string;
}

/** The caller's own second factor, without any secret. */
export interface SecondFactorStatusDto {
  enabled: boolean;
  /** Unused recovery codes left (0 when off). */
  recoveryCodesLeft: number;
  /** Staff without a second factor while the administrator requires one: the dashboard stays closed until set up. */
  mustSetUp: boolean;
  /** The administrator requires it of this account (staff or administrator): it cannot be turned off. */
  required: boolean;
}

/** The setup's only answer holding the secret: the otpauth:// address as a QR code (SVG) and the base32 to type. */
export interface SecondFactorSetupDto {
  secret: string;
  otpauthUri: string;
  qrSvg: string;
}

/** Recovery codes as shown, once. */
export interface RecoveryCodesDto {
  recoveryCodes: string[];
}

export interface StaffSecuritySettingsDto {
  requireStaffSecondFactor: boolean;
}

export interface UserSecondFactorDto {
  enabled: boolean;
}
