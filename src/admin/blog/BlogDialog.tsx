import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { blogFormInput } from '../../../server/domains/blog/inputs';
import { BLOG_STATUSES, formatReadTime, readTimeMinutes, slugify } from '../../../server/domains/blog/rules';
import { FormTextField } from '../../components/forms/FormTextField';
import { trpc } from '../../trpc';
import { type Failure, FailureAlert, failureOf } from '../components/failure';
import { dialogFormStyle } from '../components/layout';
import type { AdminBlogRow } from '../types';

type FormIn = z.input<typeof blogFormInput>;
type FormOut = z.output<typeof blogFormInput>;

const EMPTY: FormIn = {
  title: '',
  slug: '',
  excerpt: '',
  content: '',
  category: '',
  tags: [],
  imageUrl: '',
  featured: false,
  status: 'draft',
  seoMetaDescription: '',
  seoMetaKeywords: [],
};

/** The create/edit dialog of Blog Management (spec 2 §2, §3, §5): the server's schema and messages. */
export function BlogDialog({ post, onClose, onSaved }: { post: AdminBlogRow | null; onClose(): void; onSaved(message: string): void }) {
  const utils = trpc.useUtils();
  const create = trpc.admin.blog.create.useMutation();
  const update = trpc.admin.blog.update.useMutation();
  const [error, setError] = useState<Failure | null>(null);
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(blogFormInput),
    defaultValues: post
      ? {
          title: post.title,
          slug: post.slug,
          excerpt: post.excerpt,
          content: post.content,
          category: post.category,
          tags: post.tags,
          imageUrl: post.imageUrl ?? '',
          featured: post.featured,
          status: post.status,
          seoMetaDescription: post.seoMetaDescription ?? '',
          seoMetaKeywords: post.seoMetaKeywords,
        }
      : EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const [title, slug, content] = form.watch(['title', 'slug', 'content']);

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      if (post) await update.mutateAsync({ ...values, id: post.id });
      else await create.mutateAsync(values);
      await Promise.all([utils.admin.blog.list.invalidate(), utils.admin.blog.stats.invalidate()]);
      onSaved(post ? 'Blog post updated successfully' : 'Blog post created successfully');
    } catch (failure) {
      setError(failureOf(`Failed to ${post ? 'update' : 'create'} blog`, failure));
    }
  });

  const text = (name: 'title' | 'slug' | 'excerpt' | 'category' | 'imageUrl' | 'seoMetaDescription', label: string, extra: object = {}) => (
    <FormTextField control={form.control} name={name} label={label} {...extra} />
  );
  const list = (name: 'tags' | 'seoMetaKeywords', label: string) => (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <Autocomplete
          multiple
          freeSolo
          options={[]}
          value={field.value ?? []}
          onChange={(_e, next) => field.onChange(next)}
          renderInput={(params) => (
            <TextField
              {...params}
              label={label}
              error={Boolean(errors[name])}
              helperText={errors[name]?.message ?? 'Press Enter after each one'}
            />
          )}
        />
      )}
    />
  );

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="blog-dialog-title">
      <form onSubmit={onSubmit} noValidate style={dialogFormStyle}>
        <DialogTitle id="blog-dialog-title">{post ? 'Edit Blog Post' : 'Create Blog Post'}</DialogTitle>
        <DialogContent>
          {error && <FailureAlert failure={error} />}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mt: 1 }}>
            {text('title', 'Title', { required: true })}
            {text('slug', 'Slug', {
              helperText: errors.slug?.message ?? `URL: /blog/${slugify(slug ?? '') || slugify(title ?? '') || '…'}`,
            })}
            {text('category', 'Category', { required: true })}
            <Controller
              name="status"
              control={form.control}
              render={({ field }) => (
                <TextField select label="Status" value={field.value ?? 'draft'} onChange={field.onChange}>
                  {BLOG_STATUSES.map((status) => (
                    <MenuItem key={status} value={status}>
                      {status}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Box sx={{ gridColumn: '1 / -1' }}>
              {text('excerpt', 'Excerpt', { required: true, multiline: true, minRows: 2, fullWidth: true })}
            </Box>
            <Box sx={{ gridColumn: '1 / -1' }}>
              <FormTextField
                control={form.control}
                name="content"
                label="Content (markdown)"
                required
                multiline
                minRows={8}
                fullWidth
                helperText={formatReadTime(readTimeMinutes(content ?? ''))}
              />
            </Box>
            {list('tags', 'Tags')}
            {list('seoMetaKeywords', 'SEO keywords')}
            {text('imageUrl', 'Image URL')}
            {text('seoMetaDescription', 'SEO description')}
          </Box>
          <Controller
            name="featured"
            control={form.control}
            render={({ field }) => (
              <FormControlLabel
                sx={{ mt: 2 }}
                label="Featured"
                control={<Switch checked={Boolean(field.value)} onChange={(_e, c) => field.onChange(c)} />}
              />
            )}
          />
          <Typography variant="body2" color="text.secondary">
            Author: Admin
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {post ? 'Save Changes' : 'Create Post'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
