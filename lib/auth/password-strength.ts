import fs from "node:fs";
import path from "node:path";
import { MIN_PASSWORD_LENGTH } from "./password-rules";

/**
 * Whether a new password is good enough, on the server (a new user, a reset, one's own change,
 * `npm run create-supervisor`): at least MIN_PASSWORD_LENGTH characters, without the user
 * name, not one of the most common passwords (lib/auth/common-passwords.txt) even with digits
 * or symbols around it or letters swapped for look-alikes (P@ssw0rd2024!), and not a pattern
 * guessed first (one thing repeated, a run of letters, digits or keys). Answers the message
 * for the field, or null. The demo users are seeded without it: their passwords are published.
 */
let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  if (!common) {
    const file = path.join(
      /*turbopackIgnore: true*/ process.cwd(),
      "lib/auth/common-passwords.txt",
    );
    common = new Set(
      fs
        .readFileSync(file, "utf8")
        .split("\n")
        .map((line) => line.trim().toLowerCase())
        .filter((line) => line && !line.startsWith("#")),
    );
  }
  return common;
}

/** The shop's own words, tried by anyone guessing a Kassa password. */
const OWN_WORDS = new Set(["kassa", "spaza", "cashier", "supervisor", "till", "admin", "shop"]);

/** Look-alikes a guesser undoes first. */
const LOOK_ALIKES: Record<string, string> = {
  "@": "a",
  "4": "a",
  "3": "e",
  "1": "i",
  "!": "i",
  "0": "o",
  $: "s",
  "5": "s",
  "7": "t",
};

const KEYBOARD = "`1234567890-=qwertyuiop[]\\asdfghjkl;'zxcvbnm,./";

const undoLookAlikes = (text: string) => [...text].map((c) => LOOK_ALIKES[c] ?? c).join("");
const trimNonLetters = (text: string) => text.replace(/^[^a-z]+|[^a-z]+$/g, "");

/** The same unit over and over (aaaa, abcabc, kassakassa): the unit, or null. */
function repeatedUnit(text: string): string | null {
  for (let n = 1; n <= text.length / 2; n++) {
    const unit = text.slice(0, n);
    if (unit.repeat(Math.ceil(text.length / n)).slice(0, text.length) === text) return unit;
  }
  return null;
}

/** A run up or down the alphabet or the digits (9 to 0 wraps round), or along the keyboard. */
function isRun(text: string): boolean {
  const step = (a: string, b: string) => {
    if (/\d/.test(a) && /\d/.test(b)) return (Number(b) - Number(a) + 10) % 10;
    return b.charCodeAt(0) - a.charCodeAt(0);
  };
  const steps = [...text].slice(1).map((c, i) => step(text[i]!, c));
  if (steps.every((s) => s === 1) || steps.every((s) => s === 9 || s === -1)) return true;
  const reversed = [...KEYBOARD].reverse().join("");
  return KEYBOARD.includes(text) || reversed.includes(text);
}

export function passwordProblem(password: string, username: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `The password needs at least ${MIN_PASSWORD_LENGTH} characters.`;
  const lower = password.toLowerCase();
  const name = username.trim().toLowerCase();
  if (name.length >= 3 && lower.includes(name))
    return "The password must not contain the user name.";
  const list = commonPasswords();
  const known = (word: string) => list.has(word) || OWN_WORDS.has(word);
  // The word at the heart of it, whatever digits and symbols stand around it.
  const cores = [undoLookAlikes(trimNonLetters(lower)), trimNonLetters(undoLookAlikes(lower))];
  if (known(lower) || cores.some((core) => core.length >= 3 && known(core)))
    return "This password is too common: it is on the list of passwords tried first. Choose another.";
  const unit = repeatedUnit(lower);
  if (unit || isRun(lower) || cores.some((core) => core.length >= 3 && isRun(core)))
    return "This password is a pattern that is guessed first (one thing repeated, or a run of letters, digits or keys). Choose another.";
  return null;
}
