/**
 * @jest-environment ./test/support/jsdom-env.cjs
 */
// The React tests run twice (jest.config.ts `projects`): "main" with the root's React (19) and "react18" with
// the React 18 of the test/react18 workspace. This proves each run renders with the React it is meant to.
import { render, screen } from "@testing-library/react";
import { version as reactVersion } from "react";
import { version as domVersion } from "react-dom";
import { useTranslation } from "../../src/react/index";

const expectedMajor = (globalThis as { expectedReactMajor?: string }).expectedReactMajor;

test("the React under test is the one this project is for, with the matching react-dom, shared with latchkey's source", () => {
  expect(expectedMajor).toMatch(/^\d+$/);
  expect(reactVersion.split(".")[0]).toBe(expectedMajor);
  expect(domVersion).toBe(reactVersion);
  // A hook of latchkey's source runs inside a component rendered here: with two copies of React it would throw.
  function Words() {
    const t = useTranslation();
    return <p>{t("React {version}", { version: reactVersion })}</p>;
  }
  render(<Words />);
  expect(screen.getByText(`React ${reactVersion}`)).toBeTruthy();
});
