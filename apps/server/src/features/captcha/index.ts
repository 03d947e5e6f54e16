export { captchaRoutes } from './captcha.routes';
export { createCaptchaService, type CaptchaProof, type CaptchaService, type ChallengeFor } from './captcha.service';
