/**
 * Files as the user gave them: dropped (folders walked through the File and Directory Entries
 * API) or picked (`webkitdirectory` gives each File a webkitRelativePath). Paths are relative and
 * '/'-separated; a path with a '/' came from a folder.
 */
export interface PickedFile {
  path: string;
  file: File;
}

/** A picked file's path: its place in the picked folder, else its name. */
export function pickedFromInput(files: Iterable<File>): PickedFile[] {
  return [...files].map((file) => ({ path: file.webkitRelativePath || file.name, file }));
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

/** All entries of a folder: readEntries hands them over in batches (100 in Chromium) until empty. */
async function readAll(dir: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = dir.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

async function walk(entry: FileSystemEntry, path: string, out: PickedFile[]): Promise<void> {
  if (entry.isFile) out.push({ path, file: await fileOf(entry as FileSystemFileEntry) });
  else if (entry.isDirectory)
    for (const child of await readAll(entry as FileSystemDirectoryEntry))
      await walk(child, `${path}/${child.name}`, out);
}

/** A drop's content, taken while the drop event runs (the DataTransfer is emptied afterwards). */
export interface DropContent {
  folders: FileSystemDirectoryEntry[];
  files: File[];
}

export function contentOfDrop(dt: DataTransfer): DropContent {
  const folders: FileSystemDirectoryEntry[] = [];
  const files: File[] = [];
  for (const item of dt.items ?? []) {
    if (item.kind !== 'file') continue;
    const entry = item.webkitGetAsEntry?.();
    if (entry?.isDirectory) folders.push(entry as FileSystemDirectoryEntry);
    else {
      // A plain file is taken as a File: no need for the entry (a DataTransfer built in a page
      // has none).
      const f = item.getAsFile();
      if (f) files.push(f);
    }
  }
  if (folders.length === 0 && files.length === 0) files.push(...(dt.files ?? []));
  return { folders, files };
}

/** Walks the dropped folders (after the event: this may take a while for large folders). */
export async function pickedFromDrop(drop: DropContent): Promise<PickedFile[]> {
  const out = pickedFromInput(drop.files);
  for (const dir of drop.folders) await walk(dir, dir.name, out);
  return out;
}
