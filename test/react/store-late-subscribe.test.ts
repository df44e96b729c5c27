// The React layer's read store: a component renders a read's value, and React subscribes it a moment later (after
// the commit). A change that lands in that gap (a write of another component finishing, say) must still reach it,
// and so must every later change. Before, the store forgot the read at that change (nobody was subscribed yet),
// the component then subscribed to the forgotten read, and no later change reached it: a list stayed as first
// shown after an invitation was sent (seen in the demo's Chromium walk on a busy machine).
import { emitCacheChange } from "../../src/cache/changes";
import { ReadObserver } from "../../src/cache/observer";

const owner = {};
const tick = () => new Promise((done) => setTimeout(done, 0));

function countingLoad() {
  let n = 0;
  return jest.fn(async () => `value ${++n}`);
}

test("a change between a render and its subscription is read again once subscribed, and later changes still arrive", async () => {
  const store = new ReadObserver([owner]);
  const load = countingLoad();
  const entry = store.entry("invitations", [["invitations"]], load);
  await store.pending(entry);
  expect(entry.getSnapshot()).toEqual({ status: "done", value: "value 1" });

  // The component rendered "value 1"; before React subscribes it, a write elsewhere outdates the read.
  store.entry("invitations", [["invitations"]], load);
  emitCacheChange(owner, "invitations", null);
  await tick();
  const seen: string[] = [];
  entry.subscribe(() => seen.push(String(entry.getSnapshot().value)));
  await tick();
  expect(seen).toEqual(["value 2"]);

  // A later change (the invitation sent) reaches the same subscriber.
  emitCacheChange(owner, "invitations", null);
  await tick();
  await tick();
  expect(seen).toEqual(["value 2", "value 3"]);
  expect(load).toHaveBeenCalledTimes(3);
});

test("a read outdated while nobody rendered it is read afresh by the next render, which waits for it", async () => {
  const store = new ReadObserver([owner]);
  const load = countingLoad();
  const entry = store.entry("teams", [["teams"]], load);
  await store.pending(entry);
  emitCacheChange(owner, "teams", null);
  await tick();
  expect(load).toHaveBeenCalledTimes(1); // nobody renders it: no read yet

  const rendered = store.entry("teams", [["teams"]], load);
  expect(rendered.getSnapshot()).toEqual({ status: "pending" }); // the render suspends, as for a new read
  await store.pending(rendered);
  expect(rendered.getSnapshot()).toEqual({ status: "done", value: "value 2" });
  expect(load).toHaveBeenCalledTimes(2);
});

test("a read outdated while its load runs and nobody renders it: the next render waits for a load that started after the change", async () => {
  const store = new ReadObserver([owner]);
  const resolvers: Array<(value: string) => void> = [];
  const load = jest.fn(() => new Promise<string>((resolve) => resolvers.push(resolve)));
  store.entry("members", [["members"]], load); // a render that suspends (never subscribes)
  await tick();
  emitCacheChange(owner, "members", null); // arrives while the first load runs
  const rendered = store.entry("members", [["members"]], load);
  await tick();
  resolvers[0]("before the change");
  await tick();
  expect(rendered.getSnapshot()).toEqual({ status: "pending" });
  expect(load).toHaveBeenCalledTimes(2);
  resolvers[1]("after the change");
  await store.pending(rendered);
  expect(rendered.getSnapshot()).toEqual({ status: "done", value: "after the change" });
});
