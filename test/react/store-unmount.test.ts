// The React layer's read store: a change that arrives while a read is loading asks for one more read once it
// settles, but only if someone still renders it. A component that unmounted meanwhile costs no further request
// (before, that read still went out, after the page had moved on, or after a test had ended).
import { emitCacheChange } from "../../src/cache/changes";
import { ReadObserver } from "../../src/cache/observer";

const owner = {};
const tick = () => new Promise((done) => setTimeout(done, 0));

function controlledLoad() {
  const calls: Array<(value: string) => void> = [];
  const load = jest.fn(() => new Promise<string>((resolve) => calls.push(resolve)));
  return { load, finish: (i: number, value: string) => calls[i](value) };
}

test("a change during a load, then unmounting: no read after the running one; the next render reads again", async () => {
  const store = new ReadObserver([owner]);
  const { load, finish } = controlledLoad();
  const entry = store.entry("teams", [["teams"]], load);
  const unsubscribe = entry.subscribe(() => {});
  await tick();
  expect(load).toHaveBeenCalledTimes(1);

  emitCacheChange(owner, "teams", null); // arrives while the first read runs
  await tick();
  unsubscribe(); // the component unmounts
  finish(0, "old");
  await tick();
  await tick();
  expect(load).toHaveBeenCalledTimes(1);

  // Rendered again: the outdated read is read again.
  const again = store.entry("teams", [["teams"]], load);
  expect(again).toBe(entry);
  await tick();
  expect(load).toHaveBeenCalledTimes(2);
  finish(1, "new");
  await tick();
  expect(entry.getSnapshot()).toEqual({ status: "done", value: "new" });
});

test("a change during a load while still rendered: one more read, and its value is shown", async () => {
  const store = new ReadObserver([owner]);
  const { load, finish } = controlledLoad();
  const entry = store.entry("user", [["user"]], load);
  const seen: string[] = [];
  entry.subscribe(() => {
    const state = entry.getSnapshot();
    if (state.status === "done") seen.push(state.value as string);
  });
  await tick();
  emitCacheChange(owner, "user", null);
  await tick();
  finish(0, "first");
  await tick();
  expect(load).toHaveBeenCalledTimes(2);
  finish(1, "second");
  await tick();
  expect(seen).toEqual(["first", "second"]);
});
