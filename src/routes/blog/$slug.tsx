import { createFileRoute } from '@tanstack/react-router';
import { BlogPostNotFound, BlogPostPage } from '../../features/blog/BlogPostPage';

export const Route = createFileRoute('/blog/$slug')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(context.trpcUtils.blog.bySlug.queryOptions({ slug: params.slug }, { retry: false })),
  errorComponent: BlogPostNotFound,
  component: BlogPostRoute,
});

function BlogPostRoute() {
  const { slug } = Route.useParams();
  return <BlogPostPage slug={slug} />;
}
