-- Reserved for issue 46; filled by the change that needs it.
SELECT 1;
