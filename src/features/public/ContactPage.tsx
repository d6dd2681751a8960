import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { contactInput } from '../../../server/domains/contact/inputs';
import { trpc } from '../../trpc';
import { errorText } from '../../components/forms/errorText';

type ContactForm = z.input<typeof contactInput>;

export function ContactPage() {
  const send = trpc.contact.send.useMutation();
  const form = useForm<ContactForm, unknown, z.output<typeof contactInput>>({
    resolver: zodResolver(contactInput),
    defaultValues: { name: '', email: '', subject: '', message: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const field = (name: keyof ContactForm, label: string, extra: object = {}) => (
    <TextField label={label} {...form.register(name)} error={Boolean(errors[name])} helperText={errors[name]?.message} {...extra} />
  );
  const onSubmit = form.handleSubmit((values) => send.mutateAsync(values).catch(() => {}));
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h1" gutterBottom>
        Contact us
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Questions about plans, studios or your account? Write to us.
      </Typography>
      {send.isSuccess ? (
        <Alert severity="success">Thanks — your message has been sent. We'll get back to you soon.</Alert>
      ) : (
        <Box component="form" onSubmit={onSubmit} noValidate>
          <Stack spacing={2}>
            {send.error && <Alert severity="error">{errorText(send.error)}</Alert>}
            {field('name', 'Name', { autoComplete: 'name' })}
            {field('email', 'Email', { type: 'email', autoComplete: 'email' })}
            {field('subject', 'Subject')}
            {field('message', 'Message', { multiline: true, minRows: 5 })}
            <Box>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {isSubmitting ? 'Sending...' : 'Send Message'}
              </Button>
            </Box>
          </Stack>
        </Box>
      )}
    </Container>
  );
}
