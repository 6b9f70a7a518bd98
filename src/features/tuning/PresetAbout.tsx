import { presetAbout } from '../../engine/presets/about';

/** One line on what the chosen preset reproduces, and a link to the source its rules came from. */
export function PresetAboutLine({ name }: { name: string }) {
  const about = presetAbout(name);
  if (!about) return null;
  const link = about.source.startsWith('https://');
  return (
    <p className="small tune-about" data-testid="preset-about">
      {about.what}{' '}
      {link ? (
        <a href={about.source} target="_blank" rel="noreferrer noopener">
          Source
        </a>
      ) : (
        <span className="muted">Source: {about.source}</span>
      )}
    </p>
  );
}
