import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { CardActionAreaLink } from '../../components/links';
import { trpc } from '../../trpc';

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** /blog: the featured posts and the first page of all posts, as its route's loader loaded them. */
export function BlogListPage() {
  const [featured] = trpc.blog.list.useSuspenseQuery({ featured: true });
  const [posts, postsQuery] = trpc.blog.list.useSuspenseInfiniteQuery({}, { getNextPageParam: (page) => page.nextCursor });
  const items = posts.pages.flatMap((page) => page.items);
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h1" gutterBottom>
        Blog
      </Typography>
      {featured.items.length > 0 && (
        <Box component="section" aria-labelledby="featured-heading" sx={{ mb: 5 }}>
          <Typography id="featured-heading" variant="h2" sx={{ fontSize: '1.4rem', mb: 2 }}>
            Featured
          </Typography>
          <PostGrid posts={featured.items} />
        </Box>
      )}
      {items.length === 0 && <Typography color="text.secondary">No posts yet.</Typography>}
      <PostGrid posts={items} />
      {postsQuery.hasNextPage && (
        <Box sx={{ textAlign: 'center', mt: 3 }}>
          <Button onClick={() => postsQuery.fetchNextPage()} disabled={postsQuery.isFetchingNextPage} variant="outlined">
            Load more
          </Button>
        </Box>
      )}
    </Container>
  );
}

type Post = { id: string; slug: string; title: string; excerpt: string; category: string; publishedAt: Date | null; readTime: number };

function PostGrid({ posts }: { posts: Post[] }) {
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
      {posts.map((post) => (
        <Card key={post.id} variant="outlined">
          <CardActionAreaLink to="/blog/$slug" params={{ slug: post.slug }} sx={{ height: '100%' }}>
            <CardContent>
              <Chip label={post.category} size="small" sx={{ mb: 1 }} />
              <Typography variant="h3" sx={{ fontSize: '1.2rem', mb: 1 }}>
                {post.title}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 1 }}>
                {post.excerpt}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {post.publishedAt ? date.format(post.publishedAt) : ''} · {post.readTime} min read
              </Typography>
            </CardContent>
          </CardActionAreaLink>
        </Card>
      ))}
    </Box>
  );
}
