import { createECDH, createHash, createHmac, createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";

/**
 * A published signing key in JWKS form.
 *
 * @example
 * const jwk: PublicJwk = { kty: "EC", alg: "ES256", crv: "P-256", kid, x, y };
 */
export interface PublicJwk {
  kty: "EC";
  alg: "ES256";
  crv: "P-256";
  kid: string;
  x: string;
  y: string;
}

/**
 * One ES256 key pair of an audience.
 *
 * @example
 * const { privateKey, jwk } = keys.forAudience("internal")[0];
 */
export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  jwk: PublicJwk;
}

const KEYS_PER_AUDIENCE = 2;

/**
 * ES256 keys derived deterministically from one secret, per audience (`<projectId>`, `<projectId>:restricted`,
 * `<projectId>:anon`), like the platform. Two keys per audience are published; the first one signs. Keeping the
 * secret (the `--data` file does) keeps issued tokens valid across restarts.
 *
 * @example
 * const keys = new KeyRing(store.signingSecret);
 * const signer = keys.signer("3f9c2a6e-7b41-4d8a-9e05-1c2b3d4e5f60");
 */
export class KeyRing {
  private readonly cache = new Map<string, SigningKey[]>();
  constructor(private readonly secret: string) {}

  /** Both keys of an audience (derived on first use, then cached). */
  forAudience(audience: string): SigningKey[] {
    let keys = this.cache.get(audience);
    if (!keys) {
      keys = Array.from({ length: KEYS_PER_AUDIENCE }, (_, slot) => this.derive(audience, slot));
      this.cache.set(audience, keys);
    }
    return keys;
  }

  /** The key that signs tokens of an audience. */
  signer(audience: string): SigningKey {
    return this.forAudience(audience)[0];
  }

  /** The key of an audience with this `kid`, if any. */
  find(audience: string, kid: string | undefined): SigningKey | undefined {
    return this.forAudience(audience).find((k) => k.kid === kid);
  }

  private derive(audience: string, slot: number): SigningKey {
    for (let attempt = 0; ; attempt++) {
      const d = createHmac("sha256", this.secret).update(`es256|${audience}|${slot}|${attempt}`).digest();
      const ecdh = createECDH("prime256v1");
      try {
        ecdh.setPrivateKey(d);
      } catch {
        continue; // the scalar fell outside the curve order (astronomically rare): derive the next one
      }
      const pub = ecdh.getPublicKey();
      const x = pub.subarray(1, 33).toString("base64url");
      const y = pub.subarray(33, 65).toString("base64url");
      const kid = createHash("sha256").update(`${x}.${y}`).digest("base64url").slice(0, 12);
      const base = { kty: "EC" as const, crv: "P-256" as const, x, y };
      return {
        kid,
        privateKey: createPrivateKey({ key: { ...base, d: d.toString("base64url") }, format: "jwk" }),
        publicKey: createPublicKey({ key: base, format: "jwk" }),
        jwk: { kty: "EC", alg: "ES256", crv: "P-256", kid, x, y },
      };
    }
  }
}
