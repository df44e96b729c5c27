/**
 * `<LatchkeyTheme theme>` wins over latchkey's defaults and the page's shadcn/ui variables (which the base sheet
 * reads) by coming later with rules of equal weight. React 18 renders every page's copy of the base sheet in place,
 * so the theme's sheet must follow its children: checked in the server-rendered HTML, on React 19 and on React 18
 * (test/e2e/shadcn-theme.e2e.test.ts checks the colours in Chromium).
 */
import { version } from "react";
import { renderToString } from "react-dom/server";
import { LatchkeyTheme, UserAvatar } from "../../src/react/index";

test(`the theme's sheet comes after every copy of the base sheet, its children's too (React ${version})`, () => {
  const html = renderToString(
    <LatchkeyTheme theme={{ light: { primary: "#4f46e5" } }}>
      <UserAvatar user={{ displayName: "Ada Lovelace" }} />
      <UserAvatar user={{ displayName: "Grace Hopper" }} />
    </LatchkeyTheme>,
  );
  const sheets = [...html.matchAll(/<style([^>]*)>([\s\S]*?)<\/style>/g)].map((m) => (m[1].includes("data-latchkey-theme") ? "theme" : m[2].includes(".lk-page") ? "base" : "other"));
  expect(sheets).toContain("base");
  expect(sheets.at(-1)).toBe("theme");
  expect(html.lastIndexOf("#4f46e5")).toBeGreaterThan(html.lastIndexOf("Grace Hopper"));
});
