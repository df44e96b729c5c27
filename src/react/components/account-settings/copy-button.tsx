import { useEffect, useState } from "react";
import { useTranslation } from "../../i18n";
import { Button } from "../../ui/button";

/**
 * Copies `value` to the clipboard, then says so for a moment ("Copied", announced politely).
 * @internal
 * @example
 * <CopyButton value={key.value} label={t("Copy API key")} />
 */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const t = useTranslation();
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state !== "copied") return;
    const timer = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
  };
  return (
    <>
      <Button variant="outline" onClick={copy}>
        {label}
      </Button>
      <span role="status" className={state === "failed" ? "lk-error" : "lk-muted"}>
        {state === "copied" ? t("Copied") : state === "failed" ? t("Copying failed: select the text and copy it yourself.") : ""}
      </span>
    </>
  );
}
