import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { BLOG_STATUSES, formatReadTime } from '../../../server/domains/blog/rules';
import { LoadFailed } from '../../components/LoadFailed';
import { trpc } from '../../trpc';
import { type Failure, FailureAlert, failureOf } from '../components/failure';
import { formatDate } from '../components/format';
import { stackOnPhone } from '../../components/stackOnPhone';
import { StatTile, TileRow } from '../components/StatTile';
import { useFlash } from '../components/useFlash';
import { mainSiteOrigin } from '../location';
import type { AdminBlogRow } from '../types';
import { BlogDialog } from './BlogDialog';

type Filters = { status: (typeof BLOG_STATUSES)[number] | 'all'; category: string; featuredOnly: boolean; search: string };

/** Blog Management (spec 2 §2): statistics tiles, filters, the table, create/edit and delete. */
export default function BlogTab() {
  const [filters, setFilters] = useState<Filters>({ status: 'all', category: '', featuredOnly: false, search: '' });
  const stats = trpc.admin.blog.stats.useQuery();
  const list = trpc.admin.blog.list.useQuery({
    status: filters.status,
    category: filters.category || undefined,
    featured: filters.featuredOnly ? true : undefined,
    search: filters.search.trim() || undefined,
  });
  const utils = trpc.useUtils();
  const remove = trpc.admin.blog.delete.useMutation();
  const [editing, setEditing] = useState<AdminBlogRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminBlogRow | null>(null);
  const [error, setError] = useState<Failure | null>(null);
  const [success, showSuccess] = useFlash();

  const confirmDelete = async () => {
    if (!deleting) return;
    setError(null);
    try {
      await remove.mutateAsync({ id: deleting.id });
      await Promise.all([utils.admin.blog.list.invalidate(), utils.admin.blog.stats.invalidate()]);
      showSuccess('Blog post deleted successfully');
    } catch (failure) {
      setError(failureOf('Failed to delete blog', failure));
    }
    setDeleting(null);
  };

  const s = stats.data;
  return (
    <Box component="section" aria-labelledby="blog-title">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography id="blog-title" variant="h2" sx={{ fontSize: '1.4rem' }}>
          Blog Management
        </Typography>
        <Button variant="contained" onClick={() => setEditing('new')}>
          New Post
        </Button>
      </Stack>
      {/* When the list failed too (one request carries both), its alert's Retry reloads both. */}
      {stats.isError && !list.isError && (
        <Box sx={{ mb: 2 }}>
          <LoadFailed message="Failed to fetch blog statistics" onRetry={() => stats.refetch()} retrying={stats.isFetching} />
        </Box>
      )}
      {s && (
        <TileRow label="Blog statistics">
          <StatTile label="Total Posts" value={s.total} />
          <StatTile label="Published" value={s.published} tone="success" />
          <StatTile label="Drafts" value={s.draft} />
          <StatTile label="Archived" value={s.archived} />
          <StatTile label="Featured" value={s.featured} tone="warning" />
          <StatTile label="Categories" value={s.categories.length} />
        </TileRow>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }} role="group" aria-label="Filters">
        <TextField label="Search posts" size="small" value={filters.search} onChange={(e) => setFilters({ ...filters, search: e.target.value })} />
        <TextField select label="Status" size="small" sx={{ minWidth: 140 }} value={filters.status} onChange={(e) => setFilters({ ...filters, status: e.target.value as Filters['status'] })}>
          <MenuItem value="all">All</MenuItem>
          {BLOG_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {status}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Category" size="small" sx={{ minWidth: 160 }} value={filters.category} onChange={(e) => setFilters({ ...filters, category: e.target.value })}>
          <MenuItem value="">All</MenuItem>
          {s?.categories.map((c) => (
            <MenuItem key={c.category} value={c.category}>
              {c.category} ({c.count})
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          label="Featured only"
          control={<Switch checked={filters.featuredOnly} onChange={(_e, checked) => setFilters({ ...filters, featuredOnly: checked })} />}
        />
      </Stack>
      {success && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {success}
        </Alert>
      )}
      {error && <FailureAlert failure={error} />}
      {list.isError && (
        <Box sx={{ mb: 2 }}>
          <LoadFailed
            message="Failed to fetch blogs"
            onRetry={() => Promise.all([list.refetch(), stats.isError ? stats.refetch() : null])}
            retrying={list.isFetching}
          />
        </Box>
      )}
      <TableContainer>
        <Table size="small" aria-label="Blog posts" sx={stackOnPhone}>
          <TableHead>
            <TableRow>
              <TableCell>Title</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Category</TableCell>
              <TableCell>Published</TableCell>
              <TableCell>Read time</TableCell>
              <TableCell>Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data?.map((post) => (
              <TableRow key={post.id} hover>
                <TableCell data-label="Title">
                  {post.title} {post.featured && <Chip label="Featured" size="small" color="warning" variant="outlined" />}
                </TableCell>
                <TableCell data-label="Status">
                  <Chip label={post.status} size="small" color={post.status === 'published' ? 'success' : 'default'} />
                </TableCell>
                <TableCell data-label="Category">{post.category}</TableCell>
                <TableCell data-label="Published">{formatDate(post.publishedAt)}</TableCell>
                <TableCell data-label="Read time">{formatReadTime(post.readTime)}</TableCell>
                <TableCell data-label="Actions">
                  <Stack direction="row" spacing={1}>
                    <Button size="small" onClick={() => setEditing(post)} aria-label={`Edit ${post.title}`}>
                      Edit
                    </Button>
                    {post.status === 'published' && (
                      <Button size="small" href={`${mainSiteOrigin()}/blog/${post.slug}`} target="_blank" rel="noopener" aria-label={`View ${post.title} on the main site`}>
                        View
                      </Button>
                    )}
                    <Button size="small" color="error" onClick={() => setDeleting(post)} aria-label={`Delete ${post.title}`}>
                      Delete
                    </Button>
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {list.data?.length === 0 && <Typography color="text.secondary">No posts match these filters.</Typography>}
      {editing && (
        <BlogDialog
          post={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            showSuccess(message);
          }}
        />
      )}
      <Dialog open={Boolean(deleting)} onClose={() => setDeleting(null)} aria-labelledby="delete-blog-title">
        <DialogTitle id="delete-blog-title">Delete blog post?</DialogTitle>
        <DialogContent>
          <DialogContentText>"{deleting?.title}" will be removed permanently. This cannot be undone.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={() => void confirmDelete()} disabled={remove.isPending}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
