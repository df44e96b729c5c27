/**
 * The conformance scenarios (./scenarios.ts) with the platform's official SDK, `@stackframe/js`, unchanged: proof
 * that the emulator speaks the platform's wire protocol.
 */
import "./scenarios";
