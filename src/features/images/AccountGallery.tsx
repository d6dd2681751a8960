import Box from '@mui/material/Box';
import { trpc } from '../../trpc';
import { Gallery, type GalleryLayout } from './Gallery';

/** The images of one account (a user or a studio) of one type; editable by its owner. */
export function AccountGallery(props: {
  title: string;
  accountType: 'user' | 'shop';
  accountId: string;
  imageType: 'portfolio' | 'flash';
  canEdit: boolean;
  layout?: GalleryLayout;
}) {
  const utils = trpc.useUtils();
  const list = trpc.image.list.useInfiniteQuery(
    { accountId: props.accountId, imageType: props.imageType },
    { getNextPageParam: (p) => p.nextCursor },
  );
  const remove = trpc.image.delete.useMutation();
  return (
    <Gallery
      title={props.title}
      loading={list.isLoading}
      images={list.data?.pages.flatMap((p) => p.items) ?? []}
      hasMore={list.hasNextPage}
      onMore={() => void list.fetchNextPage()}
      layout={props.layout}
      upload={
        props.canEdit
          ? {
              accountType: props.accountType,
              accountId: props.accountId,
              imageType: props.imageType,
              onChanged: () => void Promise.all([utils.image.list.invalidate(), utils.image.studioGallery.invalidate()]),
              onDelete: (url) => remove.mutateAsync({ url }),
            }
          : undefined
      }
    />
  );
}

/**
 * A studio's gallery: its own images (editable by managers) and, when the studio shows its
 * artists' work, its artists' images alongside. Managers keep their own gallery to upload to, with
 * the artists' images beside it; visitors see one gallery of both.
 */
export function StudioGallery(props: {
  title: string;
  studioId: string;
  imageType: 'portfolio' | 'flash';
  useArtists: boolean;
  canEdit: boolean;
  /** The studio's useCarousel: one image at a time instead of a grid. */
  layout: GalleryLayout;
}) {
  const gallery = trpc.image.studioGallery.useInfiniteQuery(
    { studioId: props.studioId, imageType: props.imageType },
    { getNextPageParam: (p) => p.nextCursor },
  );
  if (!props.useArtists)
    return (
      <AccountGallery
        title={props.title}
        accountType="shop"
        accountId={props.studioId}
        imageType={props.imageType}
        canEdit={props.canEdit}
        layout={props.layout}
      />
    );
  const images = gallery.data?.pages.flatMap((p) => p.items) ?? [];
  const shown = (title: string, list: typeof images) => (
    <Gallery
      title={title}
      loading={gallery.isLoading}
      images={list}
      hasMore={gallery.hasNextPage}
      onMore={() => void gallery.fetchNextPage()}
      layout={props.layout}
    />
  );
  if (!props.canEdit) return shown(props.title, images);
  return (
    <>
      <AccountGallery
        title={props.title}
        accountType="shop"
        accountId={props.studioId}
        imageType={props.imageType}
        canEdit
        layout={props.layout}
      />
      <Box sx={{ mt: 3 }}>
        {shown(
          `${props.title} from our artists`,
          images.filter((i) => i.accountType !== 'shop'),
        )}
      </Box>
    </>
  );
}
