import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/HomePage';
import { loadHome } from '../features/landing/featuredQuery';

export const Route = createFileRoute('/')({ staticData: { serverRender: true }, loader: ({ context }) => loadHome(context), component: HomePage });
