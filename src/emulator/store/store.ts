import type {
  ContactChannelRecord,
  EmailRecord,
  MembershipRecord,
  ProjectRecord,
  SessionRecord,
  TeamRecord,
  UserRecord,
  VerificationCodeRecord,
} from "./types";

/**
 * The whole emulator state as one JSON document (what `--data` writes).
 *
 * @example
 * const snapshot: StoreSnapshot = store.toJSON();
 */
export interface StoreSnapshot {
  format: "latchkey-emulator";
  version: 1;
  /** Secret the token signing keys are derived from (kept so tokens survive a restart). */
  signingSecret: string;
  projects: ProjectRecord[];
  users: UserRecord[];
  contactChannels: ContactChannelRecord[];
  sessions: SessionRecord[];
  verificationCodes: VerificationCodeRecord[];
  teams: TeamRecord[];
  memberships: MembershipRecord[];
  emails: EmailRecord[];
  /** Route families added later keep their records here, keyed by family. */
  extra: Record<string, unknown[]>;
}

const byId = <T extends { id: string }>(items: T[]) => new Map(items.map((i) => [i.id, i]));

function refill<T extends { id: string }>(map: Map<string, T>, items: T[]): void {
  map.clear();
  for (const i of items) map.set(i.id, i);
}

/**
 * Where a store saves its state (the `--data` file): `save` throws when the state could not be kept, `lastSaved`
 * returns the last state that was kept.
 *
 * @example
 * store.persistTo({ save: (s) => writeSomewhere(s), lastSaved: () => readItBack() });
 */
export interface StorePersistence {
  save(snapshot: StoreSnapshot): void;
  lastSaved(): StoreSnapshot;
}

/**
 * In-memory state. Maps are keyed by record id; call `touch()` after a change so `--data` persists it.
 *
 * @example
 * const user = store.users.get(id); user.displayName = "Ada"; store.touch();
 */
export class Store {
  signingSecret: string;
  readonly projects: Map<string, ProjectRecord>;
  readonly users: Map<string, UserRecord>;
  readonly contactChannels: Map<string, ContactChannelRecord>;
  readonly sessions: Map<string, SessionRecord>;
  readonly verificationCodes: Map<string, VerificationCodeRecord>;
  readonly teams: Map<string, TeamRecord>;
  memberships: MembershipRecord[];
  emails: EmailRecord[];
  extra: Record<string, unknown[]>;
  private dirty = false;
  private readonly listeners = new Set<() => void>();
  private persistence: StorePersistence | undefined;

  constructor(snapshot: StoreSnapshot) {
    this.signingSecret = snapshot.signingSecret;
    this.projects = byId(snapshot.projects);
    this.users = byId(snapshot.users);
    this.contactChannels = byId(snapshot.contactChannels);
    this.sessions = byId(snapshot.sessions);
    this.verificationCodes = byId(snapshot.verificationCodes);
    this.teams = byId(snapshot.teams);
    this.memberships = snapshot.memberships;
    this.emails = snapshot.emails;
    this.extra = snapshot.extra ?? {};
  }

  /** Marks the state as changed; it is saved (and listeners run) on `flush()`. */
  touch(): void {
    this.dirty = true;
  }

  /** Saves every state from now on through `persistence` (the `--data` file). */
  persistTo(persistence: StorePersistence): void {
    this.persistence = persistence;
  }

  /** True when changes are saved somewhere (and so can fail to be saved). */
  get persistent(): boolean {
    return this.persistence !== undefined;
  }

  /**
   * If anything changed since the last flush: saves the state, then runs the change listeners. When saving fails
   * the state is rolled back to the last saved one and the error is rethrown: nothing unsaved stays in memory.
   */
  flush(): void {
    if (!this.dirty) return;
    this.dirty = false;
    if (this.persistence) {
      try {
        this.persistence.save(this.toJSON());
      } catch (e) {
        this.restore(this.persistence.lastSaved());
        throw e;
      }
    }
    for (const l of this.listeners) l();
  }

  /** Replaces the whole state with a snapshot's, in place (the maps stay the same objects). */
  restore(snapshot: StoreSnapshot): void {
    this.signingSecret = snapshot.signingSecret;
    refill(this.projects, snapshot.projects);
    refill(this.users, snapshot.users);
    refill(this.contactChannels, snapshot.contactChannels);
    refill(this.sessions, snapshot.sessions);
    refill(this.verificationCodes, snapshot.verificationCodes);
    refill(this.teams, snapshot.teams);
    this.memberships = snapshot.memberships;
    this.emails = snapshot.emails;
    this.extra = snapshot.extra ?? {};
    this.dirty = false;
  }

  /** Registers a change listener; returns a function that removes it. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The project's users, in sign-up order. */
  usersOf(projectId: string): UserRecord[] {
    return [...this.users.values()].filter((u) => u.projectId === projectId);
  }

  /** A user's contact channels, in creation order. */
  channelsOf(userId: string): ContactChannelRecord[] {
    return [...this.contactChannels.values()].filter((c) => c.userId === userId);
  }

  /** The contact channel used for sign-in with this e-mail in a project (case-insensitive). */
  authChannel(projectId: string, email: string): ContactChannelRecord | undefined {
    const wanted = email.toLowerCase();
    for (const c of this.contactChannels.values()) {
      if (c.projectId === projectId && c.usedForAuth && c.type === "email" && c.value.toLowerCase() === wanted) return c;
    }
    return undefined;
  }

  /** A user's sessions. */
  sessionsOf(userId: string): SessionRecord[] {
    return [...this.sessions.values()].filter((s) => s.userId === userId);
  }

  /** The session of a refresh token within a project. */
  sessionByRefreshToken(projectId: string, refreshToken: string): SessionRecord | undefined {
    for (const s of this.sessions.values()) if (s.projectId === projectId && s.refreshToken === refreshToken) return s;
    return undefined;
  }

  /** A user's team memberships. */
  membershipsOf(userId: string): MembershipRecord[] {
    return this.memberships.filter((m) => m.userId === userId);
  }

  /** Removes a user and everything that belongs only to them. */
  deleteUser(userId: string): void {
    this.users.delete(userId);
    for (const c of this.channelsOf(userId)) this.contactChannels.delete(c.id);
    for (const s of this.sessionsOf(userId)) this.sessions.delete(s.id);
    this.memberships = this.memberships.filter((m) => m.userId !== userId);
    this.touch();
  }

  /** The state as one JSON-ready document. */
  toJSON(): StoreSnapshot {
    return {
      format: "latchkey-emulator",
      version: 1,
      signingSecret: this.signingSecret,
      projects: [...this.projects.values()],
      users: [...this.users.values()],
      contactChannels: [...this.contactChannels.values()],
      sessions: [...this.sessions.values()],
      verificationCodes: [...this.verificationCodes.values()],
      teams: [...this.teams.values()],
      memberships: this.memberships,
      emails: this.emails,
      extra: this.extra,
    };
  }
}
