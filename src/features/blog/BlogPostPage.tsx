import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { trpc } from '../../trpc';

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** What /blog/{slug} shows when the post cannot be loaded (its route's error). */
export function BlogPostNotFound() {
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <Typography variant="h1">Blog not found</Typography>
    </Container>
  );
}

/** /blog/{slug}: the post its route's loader loaded. */
export function BlogPostPage({ slug }: { slug: string }) {
  const [p] = trpc.blog.bySlug.useSuspenseQuery({ slug }, { retry: false });
  return (
    <Container maxWidth="md" component="article" sx={{ py: 6 }}>
      <Typography variant="h1" gutterBottom>
        {p.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {p.author} · {p.publishedAt ? date.format(p.publishedAt) : ''} · {p.readTime} min read
      </Typography>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: contentHtml is rendered from markdown and sanitized on the server (sanitize-html allow-list). */}
      <Box sx={{ '& img': { maxWidth: '100%' }, lineHeight: 1.7 }} dangerouslySetInnerHTML={{ __html: p.contentHtml }} />
    </Container>
  );
}
