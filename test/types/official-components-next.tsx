/**
 * An app's Next.js code written against `@stackframe/stack`, as its docs and examples write it (the platform
 * repository's docs/content/docs/getting-started/setup.mdx, components/stack-handler.mdx, stack-provider.mdx,
 * examples/demo, examples/docs-examples, examples/middleware, examples/convex, …): the provider given the server
 * app, and the catch-all handler page given `app` and `routeProps` (or the older `params` and `searchParams`).
 *
 * `official-components.test.ts` compiles it as is (valid official code) and with `@stackframe/stack` resolved to
 * latchkey/next. Nothing here runs.
 */
import type { ReactNode } from "react";
import { SignIn, StackHandler, StackProvider, StackServerApp, StackTheme, UserButton } from "@stackframe/stack";

// stack/server.ts
export const stackServerApp = new StackServerApp({
  tokenStore: "nextjs-cookie",
  urls: { afterSignIn: "/dashboard" },
});

// app/layout.tsx
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <StackProvider app={stackServerApp}>
          <StackTheme>{children}</StackTheme>
        </StackProvider>
      </body>
    </html>
  );
}

// components/stack-provider.mdx
export function App() {
  return (
    <StackProvider
      app={stackServerApp}
      lang="de-DE"
      translationOverrides={{
        "Sign in": "Einloggen",
        "Sign In": "Einloggen",
      }}
    >
      <UserButton />
    </StackProvider>
  );
}

// app/handler/[...stack]/page.tsx, as examples/demo, docs-examples, convex, e-commerce, middleware and supabase write it
export function Handler(props: unknown) {
  return <StackHandler fullPage app={stackServerApp} routeProps={props} />;
}

export function HandlerOfAny(props: any) {
  return (
    <div style={{ backgroundColor: "white", borderRadius: 4 }}>
      <StackHandler fullPage app={stackServerApp} routeProps={props} />
    </div>
  );
}

// components/stack-handler.mdx
export function DocumentedHandler(props: { params: any; searchParams: any }) {
  return (
    <StackHandler
      app={stackServerApp}
      routeProps={props}
      fullPage={true}
      componentProps={{
        SignIn: { /* SignIn component props */ },
        SignUp: { /* SignUp component props */ },
        // ... other component props
      }}
    />
  );
}

// The older page, before `routeProps`: `params` and `searchParams` (Next 15's promises, Next 14's objects).
export function OlderHandler(props: { params: Promise<{ stack?: string[] }>; searchParams: Promise<Record<string, string>> }) {
  return <StackHandler fullPage app={stackServerApp} params={props.params} searchParams={props.searchParams} />;
}
export function Next14Handler(props: { params: { stack?: string[] }; searchParams: Record<string, string> }) {
  return <StackHandler fullPage params={props.params} searchParams={props.searchParams} />;
}

// Every page's props through componentProps, with the official keys.
export const everyPage = (
  <StackHandler
    fullPage={false}
    location="/handler/sign-in"
    componentProps={{
      SignIn: { firstTab: "password", automaticRedirect: false, extraInfo: <p>terms</p>, mockProject: { config: { signUpEnabled: true, credentialEnabled: true, passkeyEnabled: false, magicLinkEnabled: false, oauthProviders: [] } } },
      SignUp: { noPasswordRepeat: true },
      AccountSettings: { extraItems: [{ id: "billing", title: "Billing", iconName: "CreditCard", content: <p>invoices</p> }], mockUser: { displayName: "Preview" } },
      PasswordReset: { searchParams: { code: "x" } },
      EmailVerification: { searchParams: { code: "x" } },
      TeamInvitation: { searchParams: { code: "x" } },
      ErrorPage: { searchParams: { errorCode: "X" } },
      MFA: { onSuccess: () => {}, onCancel: () => {} },
      ForgotPassword: {},
      SignOut: {},
      OAuthCallback: {},
      MagicLinkCallback: {},
      CliAuthConfirmation: {},
      Onboarding: {},
    }}
  />
);

export const page = <SignIn fullPage />;
