import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';

/** An upload's progress bar while it runs (`progress` 0–1), and its error once it failed. */
export function UploadStatus({ progress, error, label }: { progress: number | null; error: string | null; label: string }) {
  return (
    <>
      {progress !== null && <LinearProgress variant="determinate" value={progress * 100} sx={{ mt: 2 }} aria-label={label} />}
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
    </>
  );
}
