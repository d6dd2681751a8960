import type { TestClient } from './client';

type Answer = { status: number; body: Record<string, unknown> };

/** A multipart POST as the client (the fields, then the file), with the answer's status and JSON. */
async function postFile(
  client: TestClient,
  url: string,
  fields: Record<string, string>,
  bytes: Buffer,
  filename: string,
  mime: string,
): Promise<Answer> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: mime }), filename);
  const response = await client.fetch(url, { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** POST /api/images as the client. */
export const postImage = (
  client: TestClient,
  baseUrl: string,
  fields: Record<string, string>,
  bytes: Buffer,
  filename = 'photo.jpg',
  mime = 'image/jpeg',
) => postFile(client, `${baseUrl}/api/images`, fields, bytes, filename, mime);

/** POST /api/products/:productId/photos as the client; a 201 answers with the product's photos. */
export const postProductPhoto = (
  client: TestClient,
  baseUrl: string,
  productId: string,
  fields: Record<string, string>,
  bytes: Buffer,
  filename = 'photo.jpg',
  mime = 'image/jpeg',
) => postFile(client, `${baseUrl}/api/products/${productId}/photos`, fields, bytes, filename, mime);
