import type { ButtonHTMLAttributes, ReactNode } from "react";

/**
 * latchkey's button: `primary` (default), `secondary`, `outline`, `ghost`, `destructive` or `link`. While
 * `loading` it is disabled, busy for screen readers, and shows a spinner before its label.
 * @internal
 * @example
 * <Button type="submit" block loading={pending}>{t("Sign In")}</Button>
 */
export function Button({
  variant = "primary",
  block,
  loading,
  disabled,
  className,
  children,
  type = "button",
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: "primary" | "secondary" | "outline" | "ghost" | "destructive" | "link";
  block?: boolean;
  loading?: boolean;
  children?: ReactNode;
}) {
  const classes = [variant === "link" ? "lk-link" : "lk-btn", variant !== "primary" && variant !== "link" && `lk-${variant}`, block && "lk-block", className];
  return (
    <button {...rest} type={type} className={classes.filter(Boolean).join(" ")} disabled={disabled || loading} aria-busy={loading || undefined}>
      {loading && <span className="lk-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
