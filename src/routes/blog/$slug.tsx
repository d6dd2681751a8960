import { createFileRoute } from '@tanstack/react-router';
import { BlogPostNotFound, BlogPostPage } from '../../features/blog/BlogPostPage';
import { blogPostHead } from '../../seo/blog';
import { publicOrigin } from '../../seo/origin';

export const Route = createFileRoute('/blog/$slug')({
  staticData: { serverRender: true },
  loader: ({ context, params }) => context.queryClient.ensureQueryData(context.trpcUtils.blog.bySlug.queryOptions({ slug: params.slug }, { retry: false })),
  head: ({ loaderData }) => blogPostHead(loaderData, publicOrigin()),
  errorComponent: BlogPostNotFound,
  component: BlogPostRoute,
});

function BlogPostRoute() {
  const { slug } = Route.useParams();
  return <BlogPostPage slug={slug} />;
}
