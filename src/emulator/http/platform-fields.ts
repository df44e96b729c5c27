import { t, type Field } from "./schema";

/**
 * Fields that follow the platform's shared schema fields (`packages/stack-shared/src/schema-fields.ts`) exactly:
 * the same checks, in the same order, with the same wording.
 */

/**
 * Standard base64 with padding (the platform's `isBase64`; the empty string counts as valid).
 *
 * @example
 * isBase64("dG90cA=="); // true
 * isBase64("dG90cA"); // false
 */
export function isBase64(v: string): boolean {
  return /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(v);
}

/**
 * The platform's `urlSchema`: no spaces, and parseable by `new URL` (any scheme).
 *
 * @example
 * body: t.object({ callback_url: urlField().defined() });
 */
export function urlField(o: { max?: number } = {}): Field {
  return t.string({ ...o, format: "url" });
}

/**
 * A profile image URL (`profileImageUrlSchema`, also for teams and team member profiles): a URL of at most
 * 1,000,000 characters, `null` allowed. Whether it is an `http(s)` URL or an image data URL is checked when it is
 * stored (see `storeProfileImage`).
 *
 * @example
 * profile_image_url: profileImageUrlField(),
 */
export function profileImageUrlField(): Field {
  return urlField({ max: 1_000_000 }).nullable();
}

/**
 * A TOTP secret (`userTotpSecretMutationSchema`): base64, `null` turns MFA off.
 *
 * @example
 * totp_secret_base64: totpSecretField(),
 */
export function totpSecretField(): Field {
  return t.string().nullable().refine((v) => isBase64(String(v)), (path) => `${path} is not valid base64`);
}

/**
 * `primary_email` of the server user create/update bodies (`primaryEmailSchema.nullable().nonEmpty()`): the
 * platform's plain e-mail rule (so `ada@localhost` is accepted), and not empty.
 *
 * @example
 * primary_email: primaryEmailField(),
 */
export function primaryEmailField(): Field {
  return t.string({ format: "email", nonEmpty: true }).nullable();
}

/**
 * A trusted domain of the legacy project `config.domains` (`domainSchema`): a URL starting with `http://` or
 * `https://`, and a handler path starting with `/`.
 *
 * @example
 * domains: t.array(trustedDomainField()),
 */
export function trustedDomainField(): Field {
  return t.object({
    domain: urlField()
      .defined()
      .refine((v) => /^https?:\/\//.test(String(v)), () => "URL must start with http:// or https://"),
    handler_path: t.string().defined().refine((v) => String(v).startsWith("/"), () => "Handler path must start with /"),
  });
}

/**
 * A sign-up country code (`countryCodeSchema`): trimmed and upper-cased, then two letters.
 *
 * @example
 * country_code: countryCodeField(),
 */
export function countryCodeField(): Field {
  return t
    .string()
    .nullable()
    .refine((v) => /^[A-Z]{2}$/.test(normalizeCountryCode(String(v))), (path) => `${path} must be a 2-letter country code`);
}

/**
 * The platform's country code normalization: trimmed, upper case.
 *
 * @example
 * normalizeCountryCode(" ch "); // "CH"
 */
export function normalizeCountryCode(code: string): string {
  return code.trim().toUpperCase();
}
