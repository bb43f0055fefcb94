// A software WebAuthn authenticator for tests (decision 226): a P-256 key made with node:crypto, 'none' attestation
// built with CBOR, and assertions signed as a real authenticator signs them, so the server's checks
// (@simplewebauthn/server) run unchanged on real bytes. The browser journey uses Chromium's virtual authenticator.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

interface SoftCredential {
  id: string;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
}

function counterBytes(counter: number): Uint8Array {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(counter);
  return new Uint8Array(b);
}

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  const x = isoBase64URL.toBuffer(jwk.x!);
  const y = isoBase64URL.toBuffer(jwk.y!);
  // kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, x],
      [-3, y],
    ]),
  );
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  /** `origin` is what the "browser" reports; `countUp` false: a synced passkey whose counter stays 0. */
  constructor(
    private readonly origin: string,
    private readonly countUp = true,
  ) {}

  /** navigator.credentials.create(): a new discoverable credential, answered as RegistrationResponseJSON. */
  create(options: CreationOptions) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const rawId = new Uint8Array(randomBytes(32));
    const cred: SoftCredential = { id: b64(rawId), privateKey, userHandle: options.user.id, counter: 0 };
    const idLength = new Uint8Array([rawId.length >> 8, rawId.length & 0xff]);
    const authData = concat(
      sha256(options.rp.id ?? 'localhost'),
      new Uint8Array([FLAG_UP | FLAG_UV | FLAG_AT]),
      counterBytes(0),
      new Uint8Array(16),
      idLength,
      rawId,
      coseKey(publicKey),
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as never,
    );
    this.credentials.push(cred);
    const clientData = {
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: this.origin,
      crossOrigin: false,
    };
    return {
      id: cred.id,
      rawId: cred.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(new TextEncoder().encode(JSON.stringify(clientData))),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get(): signs the challenge with `cred` (default: the last created). */
  get(options: RequestOptions, cred = this.credentials.at(-1)!, rpId = options.rpId ?? 'localhost') {
    if (this.countUp) cred.counter += 1;
    const authData = concat(sha256(rpId), new Uint8Array([FLAG_UP | FLAG_UV]), counterBytes(cred.counter));
    const clientData = new TextEncoder().encode(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: this.origin, crossOrigin: false }),
    );
    const signature = sign('sha256', concat(authData, sha256(clientData)), cred.privateKey);
    return {
      id: cred.id,
      rawId: cred.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(clientData),
        authenticatorData: b64(authData),
        signature: b64(new Uint8Array(signature)),
        userHandle: cred.userHandle,
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}
