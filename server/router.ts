import { adminRouter } from './domains/admin/router';
import { artistRouter } from './domains/artists/router';
import { authRouter } from './domains/auth/router';
import { blogRouter } from './domains/blog/router';
import { bookingRouter } from './domains/booking/router';
import { calendarRouter } from './domains/calendar/router';
import { contactRouter } from './domains/contact/router';
import { discoveryRouter } from './domains/discovery/router';
import { imageRouter } from './domains/images/router';
import { liveRouter } from './domains/live/router';
import { messageRouter, threadRouter } from './domains/messaging/router';
import { pushRouter } from './domains/notifications/push/router';
import { connectRouter, paymentRequestRouter, paymentRouter } from './domains/payments/router';
import { notificationRouter } from './domains/notifications/router';
import { orderRouter } from './domains/orders/router';
import { productRouter } from './domains/products/router';
import { storefrontRouter } from './domains/storefronts/router';
import { studioRouter } from './domains/studios/router';
import { userRouter } from './domains/users/router';
import { router } from './trpc/init';

// One line per domain router; each domain owns its folder under server/domains.
export const appRouter = router({
  auth: authRouter,
  user: userRouter,
  contact: contactRouter,
  blog: blogRouter,
  studio: studioRouter,
  image: imageRouter,
  artist: artistRouter,
  notification: notificationRouter,
  push: pushRouter,
  thread: threadRouter,
  message: messageRouter,
  live: liveRouter,
  booking: bookingRouter,
  calendar: calendarRouter,
  storefront: storefrontRouter,
  product: productRouter,
  order: orderRouter,
  admin: adminRouter,
  payment: paymentRouter,
  paymentRequest: paymentRequestRouter,
  connect: connectRouter,
  discovery: discoveryRouter,
});

export type AppRouter = typeof appRouter;
