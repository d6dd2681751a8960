import { createFileRoute } from '@tanstack/react-router';
import { ShopPage } from '../../features/commerce/shop/ShopPage';

export const Route = createFileRoute('/_app/shop')({ component: ShopPage });
