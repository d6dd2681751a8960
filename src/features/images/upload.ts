import type { ProductPhoto } from '../commerce/types';

export type UploadTarget = {
  accountType: 'user' | 'shop';
  accountId: string;
  imageType: 'portfolio' | 'flash' | 'reference' | 'avatar' | 'banner';
};

/**
 * Posts a multipart upload (the fields, then the file) with progress (fetch has no upload
 * progress, XHR does). Resolves with the server's 201 answer, rejects with its message.
 */
function postUpload<T>(url: string, fields: Record<string, string>, file: File, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = (() => {
        try {
          return JSON.parse(xhr.responseText) as T & { error?: string };
        } catch {
          return { error: 'Upload failed' } as T & { error?: string };
        }
      })();
      if (xhr.status === 201) resolve(body);
      else reject(new Error(body.error ?? 'Upload failed'));
    };
    xhr.onerror = () => reject(new Error('Network error. Please check your connection and try again.'));
    xhr.send(form);
  });
}

/** Uploads one file to POST /api/images; resolves with the stored image. */
export const uploadImage = (file: File, target: UploadTarget, onProgress: (fraction: number) => void) =>
  postUpload<{ id: string; url: string }>('/api/images', target, file, onProgress);

/**
 * Uploads one photo to a product (POST /api/products/:productId/photos), last in its order or in
 * place of `replacesPhotoId`; resolves with the product's photos as they now are.
 */
export const uploadProductPhoto = (productId: string, file: File, fields: { altText?: string; replacesPhotoId?: string }, onProgress: (fraction: number) => void) =>
  postUpload<ProductPhoto[]>(
    `/api/products/${encodeURIComponent(productId)}/photos`,
    Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => Boolean(entry[1]))),
    file,
    onProgress,
  );
