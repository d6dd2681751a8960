export type UploadTarget = {
  accountType: 'user' | 'shop';
  accountId: string;
  imageType: 'portfolio' | 'flash' | 'reference' | 'avatar' | 'banner';
};

/**
 * Uploads one file to POST /api/images with progress (fetch has no upload progress, XHR does).
 * Resolves with the stored image, rejects with the server's message.
 */
export function uploadImage(
  file: File,
  target: UploadTarget,
  onProgress: (fraction: number) => void,
): Promise<{ id: string; url: string }> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('accountType', target.accountType);
    form.append('accountId', target.accountId);
    form.append('imageType', target.imageType);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/images');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = (() => {
        try {
          return JSON.parse(xhr.responseText) as { error?: string; id: string; url: string };
        } catch {
          return { error: 'Upload failed', id: '', url: '' };
        }
      })();
      if (xhr.status === 201) resolve(body);
      else reject(new Error(body.error ?? 'Upload failed'));
    };
    xhr.onerror = () => reject(new Error('Network error. Please check your connection and try again.'));
    xhr.send(form);
  });
}
