import { createFileRoute } from '@tanstack/react-router';
import { ArtistsPage } from '../../../features/artists/ArtistsPage';

export const Route = createFileRoute('/_app/artists/')({ component: ArtistsPage });
