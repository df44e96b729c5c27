/** Any path the demo has no page for. */
import { Page } from "../layout";
import { Link } from "../router";

export function NotFound() {
  return (
    <Page title="Not found">
      <h1>Page not found</h1>
      <p className="lead">
        The demo has no page at <code>{location.pathname}</code>. <Link href="/">Back to the start</Link>.
      </p>
    </Page>
  );
}
