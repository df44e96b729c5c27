import type { AuthPageOptions } from "./auth-page";
import { AuthPage } from "./auth-page";

/**
 * The sign-up page ("Create a new account"): the sign-up methods the project enables, with a link to sign in that
 * keeps the page's `after_auth_return_to`; when the project has sign-up turned off it says so. See
 * {@link AuthPage} for what it shows and its props.
 *
 * @example
 * <SignUp fullPage firstTab="password" noPasswordRepeat />
 */
export function SignUp(props: AuthPageOptions) {
  return <AuthPage {...props} type="sign-up" />;
}
