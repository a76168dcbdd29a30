import { Router } from 'express';
import { MSG } from '@nomadswap/contracts/messages';
import { NearestPlaceQuerySchema, PLACE_LIMITS, PlaceSearchQuerySchema } from '@nomadswap/contracts/places';
import { NotFoundError } from '@nomadswap/service-kit/errors';
import { validate } from '@nomadswap/service-kit/validate';
import { nearestPlace, searchPlaces } from '@nomadswap/places/places';

/**
 * /api/places (issue 22): the city picker's suggestions and "Use Current Location", for everyone (the register
 * page uses them). Answered from the in-memory gazetteer; the position sent to /nearest is neither stored nor
 * logged (the kit's and the gateway's logs redact `lat`/`lon`).
 */
export function placesRouter(): Router {
  const router = Router();

  const search = validate({ query: PlaceSearchQuerySchema });
  router.get('/', search, (req, res) => {
    const { query } = search.from(req);
    // The same for everyone and changed only by a deploy: browsers may keep a suggestion list for an hour.
    res.set('Cache-Control', 'public, max-age=3600');
    res.json(searchPlaces(query.q, query.limit ?? PLACE_LIMITS.searchDefault));
  });

  const nearest = validate({ query: NearestPlaceQuerySchema });
  router.get('/nearest', nearest, (req, res) => {
    const { query } = nearest.from(req);
    const place = nearestPlace(query.lat, query.lon);
    if (!place) throw new NotFoundError(MSG.placeNoneNear);
    // A person's position is in the URL: nothing on the way may keep the answer.
    res.set('Cache-Control', 'no-store');
    res.json(place);
  });

  return router;
}
