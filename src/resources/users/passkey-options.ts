/**
 * Options of `user.registerPasskey()`.
 *
 * @example
 * await user.registerPasskey({ hostname: "example.com" }); // on app.example.com: one passkey for the whole site
 */
export interface RegisterPasskeyOptions {
  /**
   * The relying-party id the passkey is bound to: the page's hostname (the default) or a domain it belongs to.
   * Sign-in looks passkeys up on the page's hostname, so change it only when the platform expects that domain.
   */
  hostname?: string;
}
