import { NextResponse, type NextRequest } from "next/server";
import { AccessTokenVerificationError } from "latchkey";
import { serverApp } from "./lib/latchkey-server";

/**
 * Sends signed-out visitors of the protected pages to sign-in. The access token in the request's cookies is
 * verified locally against the project's public keys (fetched once, then cached): no request to the platform per
 * page view.
 */
export async function proxy(request: NextRequest) {
  try {
    await serverApp.verifyAccessToken(request);
    return NextResponse.next();
  } catch (e) {
    if (!AccessTokenVerificationError.isInstance(e)) throw e;
    // An expired token (they live ten minutes) is not a signed-out user: the page refreshes the session itself.
    if (e.reason === "expired") return NextResponse.next();
    const signIn = new URL("/handler/sign-in", request.url);
    signIn.searchParams.set("after_auth_return_to", request.nextUrl.pathname + request.nextUrl.search);
    return NextResponse.redirect(signIn);
  }
}

export const config = { matcher: ["/protected/:path*"] };
