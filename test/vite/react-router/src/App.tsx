import { StackHandler, StackProvider, StackTheme, useUser } from "latchkey/react";
import { Suspense } from "react";
import { BrowserRouter, Link, Route, Routes, useLocation } from "react-router-dom";
import { stackClientApp } from "./stack/client";

function HandlerRoutes() {
  const location = useLocation();
  return <StackHandler app={stackClientApp} location={location.pathname} fullPage />;
}

function Home() {
  const user = useUser();
  return (
    <main>
      <h1>Home</h1>
      <p>{user ? `Signed in as ${user.displayName ?? user.primaryEmail}` : "Not signed in"}</p>
      {user ? <Link to="/handler/sign-out">Sign out</Link> : <Link to="/handler/sign-in">Sign in</Link>}
    </main>
  );
}

export default function App() {
  return (
    <Suspense fallback={null}>
      <BrowserRouter>
        <StackProvider app={stackClientApp}>
          <StackTheme>
            <Routes>
              <Route path="/handler/*" element={<HandlerRoutes />} />
              <Route path="/" element={<Home />} />
            </Routes>
          </StackTheme>
        </StackProvider>
      </BrowserRouter>
    </Suspense>
  );
}
