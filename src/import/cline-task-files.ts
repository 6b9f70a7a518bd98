/**
 * Which files of a folder make a Cline / Roo Code / Kilo Code task (`tasks/<id>/`): pure names,
 * for the folder grouping (folder.ts). A folder is a task when it holds
 * `api_conversation_history.json`, or `ui_messages.json` next to `task_metadata.json` (a lone
 * `ui_messages.json` is too common a name to claim a folder: it is sniffed on its own).
 */

/** Files a task folder's import reads, in the order the folder parser wants them. */
const TASK_FILES = ['api_conversation_history.json', 'ui_messages.json', 'claude_messages.json', 'task_metadata.json'];

/** The extension's other per-task files: state Loopscope does not read. */
const BOOKKEEPING = /^(settings\.json|context_history\.json|focus_chain_taskid_[\w-]+\.md)$/;

const baseOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The task files among one folder's children, or undefined when the folder is no task. */
export function clineTaskFilesOf<E extends { path: string }>(children: E[]): E[] | undefined {
  const named = (name: string) => children.find((e) => baseOf(e.path) === name);
  const history = named('api_conversation_history.json');
  const ui = named('ui_messages.json') ?? named('claude_messages.json');
  const meta = named('task_metadata.json');
  if (!history && !(ui && meta)) return undefined;
  return TASK_FILES.map(named).filter((e): e is E => e !== undefined);
}

/** A task folder's other files, skipped unread. */
export function isClineTaskBookkeeping(name: string): boolean {
  return BOOKKEEPING.test(name);
}
