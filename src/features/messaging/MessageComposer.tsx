import AttachFileIcon from '@mui/icons-material/AttachFile';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type KeyboardEvent, memo, useRef, useState } from 'react';
import { errorText } from '../../components/forms/errorText';
import { trpc } from '../../trpc';
import { useMe } from '../auth/useAuth';
import { uploadImage } from '../images/upload';
import { RequestPaymentButton } from '../payments/RequestPaymentButton';

type Payee = Parameters<typeof RequestPaymentButton>[0]['payee'];

// Its props do not change while typing: the composer's keystrokes do not render it (or its dialog).
const RequestPayment = memo(RequestPaymentButton);

/**
 * Takes a sent message out of the message box, keeping whatever was typed after it while it was
 * being sent. Done the way typing would: the value is set past React's own record of it and an
 * input event follows, so React's onChange, MUI's filled state (the label) and the box's autosized
 * height all see the change.
 */
function removeSent(box: HTMLTextAreaElement, sent: string) {
  const rest = box.value.startsWith(sent) ? box.value.slice(sent.length).trimStart() : box.value;
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(box, rest);
  box.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * The box a message is written in, its photos and Send. The box is uncontrolled: the browser keeps
 * what is typed (IME composition and paste included) and a keystroke renders nothing, except when
 * the box turns empty or not (Send's disabled state). The conversation above never renders for it.
 */
export function MessageComposer({ threadId, payee, onSent }: { threadId: string; payee?: Payee; onSent(): void }) {
  const { me } = useMe();
  const utils = trpc.useUtils();
  const send = trpc.message.send.useMutation({
    onSuccess: () => Promise.all([utils.message.list.invalidate({ threadId }), utils.thread.list.invalidate()]),
  });
  const box = useRef<HTMLTextAreaElement>(null);
  const [typed, setTyped] = useState(false);
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const attach = async (files: FileList | null) => {
    if (!files?.length || !me) return;
    setUploadError(null);
    for (const file of Array.from(files)) {
      setUploading(0);
      try {
        const image = await uploadImage(file, { accountType: 'user', accountId: me.id, imageType: 'reference' }, setUploading);
        setPhotos((p) => [...p, image.url]);
      } catch (e) {
        setUploadError(e instanceof Error ? e.message : 'Upload failed');
      }
    }
    setUploading(null);
  };

  const submit = async () => {
    const body = box.current?.value ?? '';
    if (send.isPending || (!body.trim() && photos.length === 0)) return;
    const sent = await send.mutateAsync({ threadId, body, imageUrls: photos }).catch(() => null);
    if (sent) {
      if (box.current) removeSent(box.current, body);
      setPhotos([]);
      onSent();
    }
  };
  // Enter sends, Shift+Enter starts a new line; an Enter that ends an IME composition only commits it.
  const sendOnEnter = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing || e.keyCode === 229) return;
    e.preventDefault();
    void submit();
  };

  return (
    <>
      {(send.error || uploadError) && <Alert severity="error">{uploadError ?? errorText(send.error)}</Alert>}
      {photos.length > 0 && (
        <Stack direction="row" spacing={1}>
          {photos.map((url) => (
            <Box
              key={url}
              component="img"
              src={url}
              alt="Photo to send"
              sx={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 1 }}
            />
          ))}
        </Stack>
      )}
      {uploading !== null && <LinearProgress variant="determinate" value={uploading * 100} aria-label="Photo upload progress" />}
      <Stack
        component="form"
        direction="row"
        spacing={1}
        sx={{ alignItems: 'flex-end' }}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp,image/heic"
          multiple
          hidden
          onChange={(e) => void attach(e.target.files)}
          aria-label="Attach photos"
        />
        <IconButton aria-label="Attach a photo" onClick={() => fileInput.current?.click()} disabled={uploading !== null}>
          <AttachFileIcon />
        </IconButton>
        {payee && <RequestPayment threadId={threadId} payee={payee} />}
        <TextField
          label="Message"
          multiline
          maxRows={6}
          inputRef={box}
          onChange={(e) => setTyped(e.target.value.trim() !== '')}
          onKeyDown={sendOnEnter}
          fullWidth
        />
        <Button type="submit" variant="contained" endIcon={<SendIcon />} disabled={send.isPending || (!typed && photos.length === 0)}>
          Send
        </Button>
      </Stack>
    </>
  );
}
