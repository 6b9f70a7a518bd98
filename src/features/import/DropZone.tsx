import { useEffect, useState, type ReactNode } from 'react';
import { contentOfDrop, pickedFromDrop, type PickedFile } from './picked-files';

/**
 * Makes the whole page a drop target: files and folders dropped anywhere are imported, and the
 * browser never navigates away to show the file instead.
 */
export function DropZone({
  onFiles,
  onEmpty,
  children,
}: {
  onFiles: (files: PickedFile[]) => void;
  /** Folders were dropped but hold no file: their names. */
  onEmpty: (folders: string[]) => void;
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  useEffect(() => {
    let depth = 0;
    const hasFiles = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes('Files');
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth++;
      setOver(true);
    };
    const leave = () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const overFn = (e: DragEvent) => {
      if (hasFiles(e)) e.preventDefault();
    };
    const drop = (e: DragEvent) => {
      e.preventDefault();
      depth = 0;
      setOver(false);
      if (!e.dataTransfer) return;
      const content = contentOfDrop(e.dataTransfer);
      void pickedFromDrop(content).then((files) => {
        if (files.length) onFiles(files);
        else if (content.folders.length) onEmpty(content.folders.map((f) => f.name));
      });
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', overFn);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', overFn);
      window.removeEventListener('drop', drop);
    };
  }, [onFiles, onEmpty]);
  return (
    <div className="dropzone" data-over={over || undefined}>
      {children}
      {over && (
        <div className="drop-overlay" aria-hidden="true">
          Drop transcripts or folders to import them
        </div>
      )}
    </div>
  );
}
