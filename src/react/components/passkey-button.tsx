import { ArgumentError } from "../../errors/base";
import { useTranslation } from "../i18n";
import { useApp } from "../provider";
import { checkReturnTo, useAuthForm } from "../ui/auth";
import { Button } from "../ui/button";
import { FormError } from "../ui/field";
import { KeyIcon } from "../ui/icons";

/**
 * A button that signs in with a passkey (`app.signInWithPasskey()`): the browser asks for the passkey, then the
 * user goes to after-sign-in (or the page's `after_auth_return_to`). Failures (no passkey support, the dialog
 * closed or timed out, a passkey the platform does not know) show readably under it.
 *
 * @example
 * <PasskeyButton type="sign-in" />
 */
export function PasskeyButton({ type }: { type: "sign-in" | "sign-up" }) {
  if (type !== "sign-in" && type !== "sign-up") throw new ArgumentError('<PasskeyButton> type must be "sign-in" or "sign-up".');
  const app = useApp();
  const t = useTranslation();
  const form = useAuthForm<HTMLDivElement>("button");
  const signIn = () => form.run(() => checkReturnTo(app, () => app.signInWithPasskey()));
  return (
    <div className="lk-stack" ref={form.ref}>
      <Button variant="outline" block loading={form.pending} onClick={signIn}>
        {!form.pending && <KeyIcon />}
        {type === "sign-up" ? t("Sign up with Passkey") : t("Sign in with Passkey")}
      </Button>
      <FormError text={form.errors.form} />
    </div>
  );
}
