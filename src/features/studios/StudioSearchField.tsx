import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';

/** How long typing pauses before the studios are searched (each keystroke shows at once regardless). */
const SEARCH_PAUSE_MS = 300;

/**
 * The studio search box. What is typed is its own state: a keystroke renders this field only, and
 * the page (with its list of studios) renders when the trimmed search changes, after a pause.
 */
export function StudioSearchField({ onSearch }: { onSearch(query: string): void }) {
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  return (
    <TextField
      label="Search studios"
      placeholder="Studio name or city"
      value={text}
      onChange={(e) => setText(e.target.value)}
      sx={{ flexGrow: 1 }}
    />
  );
}
