import { Suspense, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { pageIsLeaving } from "../../urls/redirect";
import type { ReactNode } from "react";
import type { ClientApp } from "../../apps/client-app";
import { ArgumentError } from "../../errors/base";
import { inBrowser } from "../../util/browser";
import { useTranslation } from "../i18n";
import { useApp } from "../provider";
import { useProjectRead, useUserRead, valueOf } from "../hooks/app-hooks";
import { AppLink, Notice } from "../ui/auth";
import { Button } from "../ui/button";
import { describeError } from "../ui/errors";
import { FormError } from "../ui/field";
import { Page } from "../ui/page";
import { StatusPage } from "../ui/status-page";
import { Tabs } from "../ui/tabs";
import { CredentialSignIn } from "./credential-sign-in";
import { CredentialSignUp } from "./credential-sign-up";
import { MagicLinkSignIn } from "./magic-link-sign-in";
import { OAuthButtonGroup } from "./oauth-button-group";
import { PasskeyButton } from "./passkey-button";

/**
 * Props of {@link SignIn} (and, with `noPasswordRepeat`, {@link SignUp}).
 * @example
 * const props: AuthPageOptions = { fullPage: true, firstTab: "password", extraInfo: <p>By signing in you accept our terms.</p> };
 */
export interface AuthPageOptions {
  /** Centre the page on the whole window (as the handler does) instead of rendering a block in your layout. */
  fullPage?: boolean;
  /** When someone is already signed in, go on to after-sign-in (after-sign-up) instead of saying so. */
  automaticRedirect?: boolean;
  /** Shown under the forms, e.g. links to your terms. */
  extraInfo?: ReactNode;
  /** The tab shown first when both e-mail methods are enabled (default "magic-link"). */
  firstTab?: "magic-link" | "password";
  /** Sign-up only: no "Repeat Password" field. */
  noPasswordRepeat?: boolean;
  /**
   * A preview (as the official docs and dashboard show one): the page shows the sign-in methods of this project
   * configuration instead of the project's, and the sign-in form even when someone is signed in. The forms and
   * buttons still act on the app.
   */
  mockProject?: {
    config: { signUpEnabled: boolean; credentialEnabled: boolean; passkeyEnabled: boolean; magicLinkEnabled: boolean; oauthProviders: { id: string }[] };
  };
}

/**
 * Props of {@link AuthPage}.
 * @example
 * const props: AuthPageProps = { type: "sign-up", noPasswordRepeat: true };
 */
export interface AuthPageProps extends AuthPageOptions {
  type: "sign-in" | "sign-up";
}

/**
 * The sign-in or sign-up page, showing what the project enables: a button per OAuth provider, a passkey button
 * (sign-in), then "Or continue with" and the e-mail methods — tabs "Email" (magic link / one-time code) and
 * "Email & Password" when both are on. A signed-in visitor is told so (with "Go home" and "Sign out"), or sent on
 * with `automaticRedirect`; a sign-up page of a project that has sign-up turned off says so. Suspends while the
 * user and the project load (with its own "Loading…" fallback). {@link SignIn} and {@link SignUp} are built on it.
 *
 * @example
 * <AuthPage type="sign-in" fullPage automaticRedirect />
 */
export function AuthPage(props: AuthPageProps) {
  if (props.type !== "sign-in" && props.type !== "sign-up") throw new ArgumentError('<AuthPage> type must be "sign-in" or "sign-up".');
  if (props.firstTab !== undefined && props.firstTab !== "magic-link" && props.firstTab !== "password") {
    throw new ArgumentError('firstTab must be "magic-link" or "password".');
  }
  return (
    <Suspense fallback={<Loading fullPage={props.fullPage} />}>
      <Inner {...props} />
    </Suspense>
  );
}

function Loading({ fullPage }: { fullPage?: boolean }) {
  const t = useTranslation();
  return <StatusPage fullPage={fullPage}>{t("Loading…")}</StatusPage>;
}

const noSubscription = () => () => {};

// The code that maps the project's read (resources/projects/client.ts) starts loading as this module runs, beside the
// app's own read of the project, instead of once the first render asks for the project: the form waits for both.
// In Chromium's timeline its fetch moved from after the first render (136-152 ms) to before it (106-113 ms).
if (inBrowser()) import("../../resources/projects/client").catch(() => {});

function Inner(props: AuthPageProps) {
  const app = useApp();
  const t = useTranslation();
  // In a page rendered in the browser alone, "Loading…" is shown here while the user and the project load, not as
  // the Suspense fallback: React holds content back for 300 ms after a fallback showed, longer than the reads take.
  // A server render and its hydration suspend as before (the stream waits for the form; hydration keeps its HTML).
  const serverOrHydrating = useSyncExternalStore(noSubscription, () => false, () => true);
  const userRead = useUserRead(app, { includeRestricted: true });
  const projectRead = useProjectRead(app);
  const [tab, setTab] = useState<string>(props.firstTab ?? "magic-link");
  if (!serverOrHydrating && (userRead.state.status === "pending" || projectRead.state.status === "pending")) {
    return <Loading fullPage={props.fullPage} />;
  }
  const user = valueOf(userRead);
  const project = valueOf(projectRead);
  const mock = props.mockProject;
  const config = mock?.config ?? project.config;
  const signUp = props.type === "sign-up";
  if (user && !mock) {
    const go = props.automaticRedirect ? (user.isRestricted ? "onboarding" : props.type) : null;
    return <SignedIn app={app} fullPage={props.fullPage} who={user.primaryEmail ?? user.displayName} go={go} />;
  }
  if (signUp && !config.signUpEnabled) {
    return (
      <Notice
        fullPage={props.fullPage}
        title={t("Sign up for new users is not enabled at the moment.")}
        actions={
          <>
            <AppLink app={app} page="home" className="lk-btn">
              {t("Go home")}
            </AppLink>
            <AppLink app={app} page="signIn" className="lk-btn lk-outline">
              {t("Sign in")}
            </AppLink>
          </>
        }
      />
    );
  }
  const oauth = config.oauthProviders.length > 0;
  const passkey = config.passkeyEnabled && !signUp;
  const email = config.credentialEnabled || config.magicLinkEnabled;
  if (!oauth && !config.passkeyEnabled && !email) {
    return (
      <Notice fullPage={props.fullPage} title={t("No sign-in methods are available")}>
        <p className="lk-center lk-muted">{t("This app has not turned on any way to sign in yet.")}</p>
      </Notice>
    );
  }
  const password = signUp ? <CredentialSignUp noPasswordRepeat={props.noPasswordRepeat} /> : <CredentialSignIn />;
  const tabs = [
    { id: "magic-link", label: t("Email"), panel: <MagicLinkSignIn /> },
    { id: "password", label: t("Email & Password"), panel: password },
  ];
  if (props.firstTab === "password") tabs.reverse();
  return (
    <Page
      fullPage={props.fullPage}
      title={signUp ? t("Create a new account") : t("Sign in to your account")}
      subtitle={
        signUp ? (
          <>
            {t("Already have an account?")} <AppLink app={app} page="signIn">{t("Sign in")}</AppLink>
          </>
        ) : (
          config.signUpEnabled && (
            <>
              {t("Don't have an account?")} <AppLink app={app} page="signUp">{t("Sign up")}</AppLink>
            </>
          )
        )
      }
    >
      {(oauth || passkey) && (
        <div className="lk-stack">
          {oauth && <OAuthButtonGroup type={props.type} mockProject={mock} />}
          {passkey && <PasskeyButton type={props.type} />}
        </div>
      )}
      {email && (oauth || passkey) && <div className="lk-divider">{t("Or continue with")}</div>}
      {config.credentialEnabled && config.magicLinkEnabled ? (
        <Tabs label={t("Sign-in method")} tabs={tabs} selected={tab} onSelect={setTab} />
      ) : config.credentialEnabled ? (
        password
      ) : config.magicLinkEnabled ? (
        <MagicLinkSignIn />
      ) : (
        !oauth && <p className="lk-center lk-muted">{t("New accounts cannot be created with this app's sign-in methods. Sign in instead.")}</p>
      )}
      {props.extraInfo && <div className="lk-center lk-muted">{props.extraInfo}</div>}
    </Page>
  );
}

/** Someone is signed in: say so, or (automaticRedirect) go on and say why when that fails. */
function SignedIn({ app, fullPage, who, go }: { app: ClientApp; fullPage?: boolean; who: string | null; go: "sign-in" | "sign-up" | "onboarding" | null }) {
  const t = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    // A sign-in made on this page is already taking the browser on (its own redirect): do not start a second one.
    if (!go || started.current || pageIsLeaving()) return;
    started.current = true;
    const options = { replace: true };
    const leave = go === "onboarding" ? app.redirectToOnboarding(options) : go === "sign-up" ? app.redirectToAfterSignUp(options) : app.redirectToAfterSignIn(options);
    leave.catch((error: unknown) => {
      const { text, values } = describeError(error);
      setFailure(t(text, values));
    });
  }, [app, go, t]);
  if (go && !failure) {
    return <Notice fullPage={fullPage} title={t("Redirecting…")} />;
  }
  return (
    <Notice
      fullPage={fullPage}
      title={t("You are already signed in")}
      actions={
        <>
          <AppLink app={app} page="home" className="lk-btn">
            {t("Go home")}
          </AppLink>
          <Button variant="outline" onClick={() => app.redirectToSignOut()}>
            {t("Sign out")}
          </Button>
        </>
      }
    >
      {who && <p className="lk-center lk-muted">{t("Signed in as {name}.", { name: who })}</p>}
      <FormError text={failure} className="lk-center" />
    </Notice>
  );
}
