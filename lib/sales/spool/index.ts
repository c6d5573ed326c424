/**
 * The spool: answers the journal could not take, kept on disk until it can (file.ts), then
 * settled into it (settle.ts). The one door into this folder.
 */
// No server-only guard: instrumentation.ts (lib/startup.ts) takes the spool in at start.
export {
  appendToSpool,
  assertWritable,
  FolderNotWritableError,
  spoolDepth,
  spoolFolder,
  spoolHasWaiting,
} from "./file";
export { takeInSpoolFiles } from "./settle";
