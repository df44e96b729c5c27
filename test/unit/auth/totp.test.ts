// TOTP enrolment helpers: the secret and its base32 and otpauth:// forms, against RFC 4648's test vectors.
import { ArgumentError, generateTotpSecret, totpSecretToBase32, totpUri } from "../../../src/index";

const RFC_SECRET = new TextEncoder().encode("12345678901234567890");

test("generateTotpSecret gives 20 fresh random bytes each time", () => {
  const secrets = Array.from({ length: 50 }, () => generateTotpSecret());
  for (const s of secrets) {
    expect(s).toBeInstanceOf(Uint8Array);
    expect(s.length).toBe(20);
  }
  expect(new Set(secrets.map((s) => Buffer.from(s).toString("hex"))).size).toBe(50);
  // Not a constant or a counter: over 50 × 20 bytes, nearly every byte value shows up.
  expect(new Set(secrets.flatMap((s) => [...s])).size).toBeGreaterThan(200);
});

test.each([
  ["f", "MY"],
  ["fo", "MZXQ"],
  ["foo", "MZXW6"],
  ["foob", "MZXW6YQ"],
  ["fooba", "MZXW6YTB"],
  ["foobar", "MZXW6YTBOI"],
  ["12345678901234567890", "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"],
])("totpSecretToBase32(%j) is RFC 4648's %s (no padding)", (text, base32) => {
  expect(totpSecretToBase32(new TextEncoder().encode(text))).toBe(base32);
});

test("totpSecretToBase32 of all byte values round-trips through a base32 decoder", () => {
  const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
  const encoded = totpSecretToBase32(bytes);
  expect(encoded).toMatch(/^[A-Z2-7]+$/);
  let bits = "";
  for (const ch of encoded) bits += "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".indexOf(ch).toString(2).padStart(5, "0");
  const decoded = Uint8Array.from(bits.slice(0, 256 * 8).match(/.{8}/g)!, (b) => parseInt(b, 2));
  expect(decoded).toEqual(bytes);
});

test("totpUri is the key URI authenticator apps read: label issuer:account, base32 secret, SHA1, 6 digits, 30 s", () => {
  const uri = totpUri({ secret: RFC_SECRET, accountName: "ada@example.com", issuer: "My App" });
  expect(uri).toBe(
    "otpauth://totp/My%20App:ada%40example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=My%20App&algorithm=SHA1&digits=6&period=30",
  );
  const parsed = new URL(uri);
  expect(parsed.protocol).toBe("otpauth:");
  expect(parsed.searchParams.get("issuer")).toBe("My App");
  expect(parsed.host).toBe("totp");
  expect(decodeURIComponent(parsed.pathname)).toBe("/My App:ada@example.com");
  expect(totpUri({ secret: RFC_SECRET, accountName: "a&b?c#d/é", issuer: "Ünï" })).toContain("/%C3%9Cn%C3%AF:a%26b%3Fc%23d%2F%C3%A9?");
});

test("bad arguments are ArgumentErrors", () => {
  const bad: (() => unknown)[] = [
    () => totpSecretToBase32(new Uint8Array(0)),
    () => totpSecretToBase32("JBSWY3DP" as never),
    () => totpUri(undefined as never),
    () => totpUri({ secret: RFC_SECRET, accountName: "", issuer: "X" }),
    () => totpUri({ secret: RFC_SECRET, accountName: "a", issuer: "  " }),
    () => totpUri({ secret: RFC_SECRET, accountName: "a:b", issuer: "X" }),
    () => totpUri({ secret: RFC_SECRET, accountName: "a", issuer: "X:Y" }),
    () => totpUri({ secret: [1, 2] as never, accountName: "a", issuer: "X" }),
  ];
  for (const call of bad) expect(() => call()).toThrow(ArgumentError);
});
