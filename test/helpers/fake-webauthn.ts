// A browser's WebAuthn surface for jsdom tests (jsdom has none): `window.PublicKeyCredential` and
// `navigator.credentials.create/get`, answered by the software authenticator the emulator tests use, so the real
// `@simplewebauthn/browser` runs unchanged between the SDK and the "browser". Failures are real DOMExceptions.
import { SoftwareAuthenticator } from "../emulator/webauthn-authenticator";

const toBuffer = (b64url: string): ArrayBuffer => {
  const bytes = Buffer.from(b64url, "base64url");
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
};
const toB64url = (buffer: BufferSource): string =>
  Buffer.from(buffer instanceof ArrayBuffer ? new Uint8Array(buffer) : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)).toString("base64url");

type Creation = { publicKey: PublicKeyCredentialCreationOptions; signal?: AbortSignal };
type Request = { publicKey: PublicKeyCredentialRequestOptions; signal?: AbortSignal };

export interface FakeWebAuthn {
  /** The options `navigator.credentials.create()` was called with, in order. */
  created: Creation[];
  /** The options `navigator.credentials.get()` was called with, in order. */
  requested: Request[];
  authenticator: SoftwareAuthenticator;
  /** Makes the next ceremony (create or get) throw `error` instead of answering. */
  failNext(error: unknown): void;
  /** Removes the fake (the environment has no WebAuthn again). */
  remove(): void;
}

/**
 * Installs a WebAuthn-capable `navigator.credentials` backed by `authenticator` (default: a new one for this page's
 * origin). Its answers use the RP id the caller passed, so a client that did not replace the platform's sentinel
 * gets a credential the server refuses.
 */
export function installFakeWebAuthn(authenticator = new SoftwareAuthenticator(location.origin)): FakeWebAuthn {
  const created: Creation[] = [];
  const requested: Request[] = [];
  let failure: { error: unknown } | undefined;
  const takeFailure = () => {
    const f = failure;
    failure = undefined;
    if (f) throw f.error;
  };
  // What navigator.credentials hands back: the authenticator's JSON with its binary fields as ArrayBuffers.
  const asCredential = (
    json: { id: string; rawId: string; type: string; authenticatorAttachment?: unknown; response: { clientDataJSON: string } },
    response: Record<string, unknown>,
  ) => ({
    id: json.id,
    rawId: toBuffer(json.rawId),
    type: json.type,
    authenticatorAttachment: json.authenticatorAttachment,
    response: { clientDataJSON: toBuffer(json.response.clientDataJSON), ...response },
    getClientExtensionResults: () => ({}),
  });
  const credentials = {
    async create(options: Creation) {
      created.push(options);
      takeFailure();
      const json = authenticator.register({ challenge: toB64url(options.publicKey.challenge) }, { rpId: options.publicKey.rp.id });
      return asCredential(json, {
        attestationObject: toBuffer(json.response.attestationObject),
        getTransports: () => json.response.transports,
      });
    },
    async get(options: Request) {
      requested.push(options);
      takeFailure();
      const json = authenticator.authenticate({ challenge: toB64url(options.publicKey.challenge) }, { rpId: options.publicKey.rpId });
      return asCredential(json, {
        authenticatorData: toBuffer(json.response.authenticatorData),
        signature: toBuffer(json.response.signature),
      });
    },
  };
  Object.defineProperty(window, "PublicKeyCredential", { value: function PublicKeyCredential() {}, configurable: true, writable: true });
  Object.defineProperty(navigator, "credentials", { value: credentials, configurable: true });
  return {
    created,
    requested,
    authenticator,
    failNext: (error) => void (failure = { error }),
    remove() {
      delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
      delete (navigator as { credentials?: unknown }).credentials;
    },
  };
}
