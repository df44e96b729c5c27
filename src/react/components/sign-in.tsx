import type { AuthPageOptions } from "./auth-page";
import { AuthPage } from "./auth-page";

/**
 * The sign-in page ("Sign in to your account"): the sign-in methods the project enables, with a link to sign up
 * that keeps the page's `after_auth_return_to`. See {@link AuthPage} for what it shows and its props.
 *
 * @example
 * <SignIn fullPage automaticRedirect extraInfo={<>By signing in you agree to our <a href="/terms">terms</a>.</>} />
 */
export function SignIn(props: Omit<AuthPageOptions, "noPasswordRepeat">) {
  return <AuthPage {...props} type="sign-in" />;
}
