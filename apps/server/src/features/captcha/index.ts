export { captchaRoutes } from './captcha.routes';
export { createCaptchaService, type CaptchaService } from './captcha.service';
