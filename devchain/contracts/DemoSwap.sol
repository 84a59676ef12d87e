// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

interface ISwapToken {
    function decimals() external view returns (uint8);
}

/// A fixed-rate swap for the local demo chain, so the transaction preview has token→token,
/// token→ETH (paid through an internal call) and ETH→token trades to show. It holds its own
/// liquidity (the seed gives it DAI, USDC and ETH). Rates: stablecoins 1:1 adjusted for decimals;
/// 1 ETH = 2000 stable units. ETH is written as address(0) in quotes and events.
contract DemoSwap {
    uint256 public constant STABLE_UNITS_PER_ETH = 2000;

    mapping(address => bool) public supported;
    mapping(address => uint8) public decimalsOf;

    event Swapped(
        address indexed trader, address indexed tokenIn, address indexed tokenOut, uint256 amountIn, uint256 amountOut
    );

    error InsufficientOutput(uint256 out, uint256 minOut);
    error UnsupportedToken(address token);
    error TokenTransferFailed(address token);
    error EthTransferFailed(address to, uint256 value);

    constructor(address[] memory tokens) payable {
        for (uint256 i = 0; i < tokens.length; i++) {
            supported[tokens[i]] = true;
            decimalsOf[tokens[i]] = ISwapToken(tokens[i]).decimals();
        }
    }

    /// Liquidity in ETH can be added by sending it.
    receive() external payable {}

    /// What `amountIn` of `tokenIn` buys of `tokenOut` (address(0) = ETH).
    function quote(address tokenIn, uint256 amountIn, address tokenOut) public view returns (uint256) {
        return _fromUsd(tokenOut, _toUsd(tokenIn, amountIn));
    }

    function swap(address tokenIn, uint256 amountIn, address tokenOut, uint256 minOut) external returns (uint256 out) {
        _requireToken(tokenIn);
        _requireToken(tokenOut);
        out = quote(tokenIn, amountIn, tokenOut);
        if (out < minOut) revert InsufficientOutput(out, minOut);
        _pull(tokenIn, amountIn);
        _push(tokenOut, msg.sender, out);
        emit Swapped(msg.sender, tokenIn, tokenOut, amountIn, out);
    }

    function swapTokensForEth(address tokenIn, uint256 amountIn, uint256 minOut) external returns (uint256 out) {
        _requireToken(tokenIn);
        out = quote(tokenIn, amountIn, address(0));
        if (out < minOut) revert InsufficientOutput(out, minOut);
        _pull(tokenIn, amountIn);
        (bool ok,) = payable(msg.sender).call{value: out}("");
        if (!ok) revert EthTransferFailed(msg.sender, out);
        emit Swapped(msg.sender, tokenIn, address(0), amountIn, out);
    }

    function swapEthForTokens(address tokenOut, uint256 minOut) external payable returns (uint256 out) {
        _requireToken(tokenOut);
        out = quote(address(0), msg.value, tokenOut);
        if (out < minOut) revert InsufficientOutput(out, minOut);
        _push(tokenOut, msg.sender, out);
        emit Swapped(msg.sender, address(0), tokenOut, msg.value, out);
    }

    function _requireToken(address token) private view {
        if (!supported[token]) revert UnsupportedToken(token);
    }

    /// The amount as stable value with 18 decimals.
    function _toUsd(address token, uint256 amount) private view returns (uint256) {
        if (token == address(0)) return amount * STABLE_UNITS_PER_ETH;
        _requireToken(token);
        return amount * 10 ** (18 - decimalsOf[token]);
    }

    function _fromUsd(address token, uint256 usd) private view returns (uint256) {
        if (token == address(0)) return usd / STABLE_UNITS_PER_ETH;
        _requireToken(token);
        return usd / 10 ** (18 - decimalsOf[token]);
    }

    function _pull(address token, uint256 amount) private {
        _call(token, abi.encodeWithSignature("transferFrom(address,address,uint256)", msg.sender, address(this), amount));
    }

    function _push(address token, address to, uint256 amount) private {
        _call(token, abi.encodeWithSignature("transfer(address,uint256)", to, amount));
    }

    /// Calls a token, accepting tokens that return nothing (USDT) and passing its revert on.
    function _call(address token, bytes memory data) private {
        (bool ok, bytes memory answer) = token.call(data);
        if (!ok) {
            assembly {
                revert(add(answer, 32), mload(answer))
            }
        }
        if (answer.length > 0 && !abi.decode(answer, (bool))) revert TokenTransferFailed(token);
    }
}
