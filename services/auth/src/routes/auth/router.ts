import { Router, type RequestHandler, type Response } from 'express';
import { LoginSchema, RegisterSchema } from '@nomadswap/contracts/auth';
import { requireUser, signedInUser } from '@nomadswap/service-kit/auth';
import { uploadBody } from '@nomadswap/service-kit/app';
import { rateLimit } from '@nomadswap/service-kit/rate-limit';
import { validate } from '@nomadswap/service-kit/validate';
import type { AuthContext } from '../../context';
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_MS,
  DEVICE_COOKIE_PATH,
  deviceCookieOf,
  signDeviceCookie,
} from '../../domain/sign-device-cookie';
import { getCurrentUser } from '../../domain/get-current-user';
import { logInUser } from '../../domain/log-in-user';
import { logOutUser } from '../../domain/log-out-user';
import { registerUser } from '../../domain/register-user';
import { clientIp } from '../client-ip';

/**
 * /api/auth. Register and login do not read the Authorization header: a stale token left in the browser
 * must not stop anyone from signing in again.
 */
export function authRouter(ctx: AuthContext): Router {
  const router = Router();
  const { authenticate } = ctx.auth;

  // HttpOnly (no script reads it), SameSite=Strict (no other site's request carries it), only to /api/auth.
  const setDeviceCookie = (res: Response, value: string) =>
    res.cookie(DEVICE_COOKIE, value, {
      path: DEVICE_COOKIE_PATH,
      maxAge: DEVICE_COOKIE_MAX_AGE_MS,
      httpOnly: true,
      sameSite: 'strict',
      secure: ctx.settings.secureCookies,
    });

  const register = validate({ body: RegisterSchema });
  // The one public upload (a profile photo is required): parsed here, as no token can come first. The
  // per-address limit comes before the body is read: every attempt counts, valid or not, and one over the
  // limit is answered 429 at once without reading its (up to 15 MB) body.
  // The context's limiter as it is when the request arrives (the seed's test raises it as an operator would).
  const registrationLimit: RequestHandler = (req, res, next) =>
    rateLimit(ctx.limits.register, clientIp)(req, res, next);
  router.post('/register', registrationLimit, uploadBody('avatar'), register, async (req, res) => {
    const { body } = register.from(req);
    const session = await registerUser(ctx, { input: body });
    // Signed in: this browser becomes a trusted device of the new account.
    setDeviceCookie(res, signDeviceCookie(ctx.settings.deviceCookieKey, session.user.email));
    res.status(201).set('Cache-Control', 'no-store').json(session);
  });

  const login = validate({ body: LoginSchema });
  router.post('/login', login, async (req, res) => {
    const { body } = login.from(req);
    const { session, deviceCookie } = await logInUser(ctx, {
      input: body,
      ip: clientIp(req),
      deviceCookie: deviceCookieOf(req.headers.cookie),
    });
    setDeviceCookie(res, deviceCookie);
    res.set('Cache-Control', 'no-store').json(session);
  });

  router.get('/me', authenticate, requireUser, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await getCurrentUser(ctx, { userId: signedInUser(req).id }));
  });

  router.post('/logout', authenticate, requireUser, async (req, res) => {
    await logOutUser(ctx, { user: signedInUser(req) });
    res.status(204).end();
  });

  return router;
}
