import { useRef } from 'react';
import { pickedFromInput, type PickedFile } from './picked-files';

// Not in React's input attributes; every current browser supports it (a folder picker).
const FOLDER_PICKER = { webkitdirectory: '' } as Record<string, string>;

export function ImportButton({
  onFiles,
  onEmpty,
}: {
  onFiles: (files: PickedFile[]) => void;
  /** A folder was picked that holds no file (the browser does not say which). */
  onEmpty: (folders: string[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);
  const picked = (e: React.ChangeEvent<HTMLInputElement>) => {
    const files = pickedFromInput(e.target.files ?? []);
    e.target.value = '';
    if (files.length) onFiles(files);
    else if (e.target === folder.current) onEmpty([]);
  };
  return (
    <>
      <button type="button" className="primary" onClick={() => input.current?.click()}>
        Import transcript…
      </button>
      <button type="button" onClick={() => folder.current?.click()}>
        Import folder…
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="file-input"
        aria-label="Import transcript files"
        onChange={picked}
      />
      <input
        ref={folder}
        type="file"
        hidden
        {...FOLDER_PICKER}
        data-testid="folder-input"
        aria-label="Import a folder of transcripts"
        onChange={picked}
      />
    </>
  );
}
