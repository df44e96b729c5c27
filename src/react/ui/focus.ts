import { useEffect, useLayoutEffect } from "react";

/**
 * An effect that moves focus: it runs in the same commit as the change that calls for it (a layout effect), so a
 * keyboard or screen-reader user is never left on a disabled button or on `<body>` for a frame, and whoever sees
 * the new content (a person, a test's MutationObserver) sees the focus already there. On the server, where layout
 * effects do not run and React 18 warns about them, it is a plain effect.
 * @internal
 * @example
 * useFocusEffect(() => { if (failed) field.current?.focus(); }, [failed]);
 */
export const useFocusEffect: typeof useEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;
