import type { TestClient } from './client';

/** POST /api/images as the client (multipart: the fields, then the file), with the answer's status and JSON. */
export async function postImage(client: TestClient, baseUrl: string, fields: Record<string, string>, bytes: Buffer, filename = 'photo.jpg', mime = 'image/jpeg') {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: mime }), filename);
  const response = await client.fetch(`${baseUrl}/api/images`, { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
