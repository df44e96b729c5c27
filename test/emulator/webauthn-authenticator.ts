import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

const b64url = (b: Uint8Array | string) => Buffer.from(b).toString("base64url");
const sha256 = (b: Uint8Array | string) => createHash("sha256").update(b).digest();
/** Bytes of this realm's Uint8Array (the CBOR encoder checks `instanceof`, which Node's Buffer fails under jsdom). */
const bytes = (b: Uint8Array) => new Uint8Array(b);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/** Overrides for one ceremony, to produce broken responses on purpose. */
export interface CeremonyOverrides {
  origin?: string;
  rpId?: string;
  challenge?: string;
  type?: string;
}

/**
 * A software passkey authenticator for tests: a P-256 key made with node:crypto, "none" attestation and ES256
 * assertions built by hand per the WebAuthn spec (authenticator data, COSE key, client data).
 */
export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  counter = 0;
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };

  constructor(readonly origin = "http://localhost:3000") {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = privateKey;
    this.publicJwk = publicKey.export({ format: "jwk" }) as { x: string; y: string };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private clientData(type: string, challenge: string, o: CeremonyOverrides): Buffer {
    return Buffer.from(JSON.stringify({ type: o.type ?? type, challenge: o.challenge ?? challenge, origin: o.origin ?? this.origin, crossOrigin: false }));
  }

  private rpIdHash(o: CeremonyOverrides): Buffer {
    return sha256(o.rpId ?? new URL(o.origin ?? this.origin).hostname);
  }

  /** Answers `navigator.credentials.create()` for registration options (after the SDK replaced the RP id). */
  register(options: { challenge: string }, o: CeremonyOverrides = {}) {
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, bytes(Buffer.from(this.publicJwk.x, "base64url"))],
        [-3, bytes(Buffer.from(this.publicJwk.y, "base64url"))],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const flags = Buffer.from([0x45]); // user present, user verified, attested credential data
    const authData = Buffer.concat([this.rpIdHash(o), flags, u32(this.counter), Buffer.alloc(16), idLength, this.credentialId, cose]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", bytes(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(this.clientData("webauthn.create", options.challenge, o)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** Answers `navigator.credentials.get()`: signs authenticator data plus the client data hash. */
  authenticate(options: { challenge: string }, o: CeremonyOverrides & { userHandle?: string; tamper?: boolean } = {}) {
    this.counter += 1;
    const authData = Buffer.concat([this.rpIdHash(o), Buffer.from([0x05]), u32(this.counter)]);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, o);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    if (o.tamper) signature[signature.length - 1] ^= 0xff;
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(o.userHandle ? { userHandle: o.userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}
